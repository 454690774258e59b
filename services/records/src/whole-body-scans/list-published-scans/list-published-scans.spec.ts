import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { FacilityStaff } from '../facility-staff';
import type { ScanRepository } from '../scan.repository';
import { aListRow } from '../test-fixtures';
import { ListPublishedScans } from './list-published-scans';

describe('ListPublishedScans', () => {
  it("answers the scans of the caller's facilities", async () => {
    const fake = fakeUseCaseKit();
    const listPublished = jest.fn().mockResolvedValue([aListRow()]);
    const rows = await new ListPublishedScans(
      fake.kit,
      stub<FacilityStaff>({ custodianIdsOf: jest.fn().mockResolvedValue(['c1']) }),
      stub<ScanRepository>({ listPublished }),
    ).execute('staff', testCaller('staff'));
    expect(listPublished).toHaveBeenCalledWith(fake.kit.db, ['c1'], 500);
    expect(rows).toEqual([
      {
        id: 's1',
        scan_date: '2026-11-02',
        created: '2026-11-03T10:00:00.000Z',
        organization: { id: 'c1', name: 'St. Mary Imaging Center' },
        patient: { first_name: 'Pat', last_name: 'Jordan' },
        findings_count: 3,
      },
    ]);
  });
});
