import { stub } from '@portal/server-kit/testing';
import type { FacilityRepository } from './facility.repository';
import { FacilityStaff } from './facility-staff';
import { aFacility } from './test-fixtures';

describe('FacilityStaff', () => {
  it("answers the caller's whole-body-scan facilities, and 403 for staff of none", async () => {
    const staffFacilities = jest
      .fn()
      .mockImplementation(async (_db, u) => (u === 'staff' ? [aFacility()] : []));
    const staff = new FacilityStaff(stub<FacilityRepository>({ staffFacilities }));
    await expect(staff.custodianIdsOf({} as never, 'staff')).resolves.toEqual(['c1']);
    await expect(staff.facilitiesOf({} as never, 'other')).rejects.toMatchObject({
      code: 'AUTH.FORBIDDEN',
      message: 'Only the staff of a whole body scan facility can do this',
    });
  });
});
