import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { FacilityRepository } from '../facility.repository';
import type { FacilityStaff } from '../facility-staff';
import { aFacility } from '../test-fixtures';
import { GetFacilitySetup } from './get-facility-setup';

describe('GetFacilitySetup', () => {
  it("answers the caller's facilities, each with its own finding types", async () => {
    const fake = fakeUseCaseKit();
    const findingTypes = jest.fn().mockResolvedValue([
      { id: 't1', custodian_id: 'c1', name: 'Heart', icon: 'favorite', wiki: 'w', body_parts: ['HEART'] },
      { id: 't2', custodian_id: 'c2', name: 'Brain', icon: 'psychology', wiki: 'w', body_parts: [] },
    ]);
    const setup = await new GetFacilitySetup(
      fake.kit,
      stub<FacilityStaff>({ facilitiesOf: jest.fn().mockResolvedValue([aFacility()]) }),
      stub<FacilityRepository>({ findingTypes }),
    ).execute('staff');
    expect(setup).toEqual({
      facilities: [
        {
          id: 'c1',
          name: 'St. Mary Imaging Center',
          finding_types: [
            {
              id: 't1',
              name: 'Heart',
              icon: 'favorite',
              wiki: 'w',
              body_parts: [{ body_part: { mnemonic: 'HEART' } }],
            },
          ],
        },
      ],
    });
  });
});
