import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { FacilityRepository } from '../facility.repository';
import type { FacilityStaff } from '../facility-staff';
import { SearchScanPatients } from './search-scan-patients';

describe('SearchScanPatients', () => {
  it("searches the requests of the caller's facilities and answers their prior scans, audited", async () => {
    const fake = fakeUseCaseKit();
    const searchPatients = jest.fn().mockResolvedValue([
      {
        id: 'r1',
        user_id: 'u1',
        person_id: 'p1',
        custodian_id: 'c1',
        first_name: 'Pat',
        last_name: 'Jordan',
        prior_scans: null,
      },
    ]);
    const rows = await new SearchScanPatients(
      fake.kit,
      stub<FacilityStaff>({ custodianIdsOf: jest.fn().mockResolvedValue(['c1']) }),
      stub<FacilityRepository>({ searchPatients }),
    ).execute('staff', '  jor ', testCaller('staff'));
    expect(searchPatients).toHaveBeenCalledWith(fake.kit.db, ['c1'], 'jor', 50);
    expect(rows).toEqual([
      {
        patient_request_id: 'r1',
        custodian_id: 'c1',
        first_name: 'Pat',
        last_name: 'Jordan',
        date_of_birth: null,
        prior_scans: [],
      },
    ]);
    expect(fake.audit).toHaveLength(1);
  });
});
