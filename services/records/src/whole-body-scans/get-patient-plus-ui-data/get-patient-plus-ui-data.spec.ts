import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { ScanRepository } from '../scan.repository';
import { GetPatientPlusUIData } from './get-patient-plus-ui-data';

describe('GetPatientPlusUIData', () => {
  it('answers the launchers of the facilities where the caller has scans', async () => {
    const fake = fakeUseCaseKit();
    const launchers = jest
      .fn()
      .mockResolvedValue([
        { custodian_id: 'c1', launcher_title: 'View on St. Mary', launcher_url: 'https://wbs.example' },
      ]);
    await expect(
      new GetPatientPlusUIData(fake.kit, stub<ScanRepository>({ launchers })).execute('u1', testCaller('u1')),
    ).resolves.toEqual([{ organization_id: 'c1', title: 'View on St. Mary', url: 'https://wbs.example' }]);
    expect(launchers).toHaveBeenCalledWith(fake.kit.db, 'u1');
    expect(fake.audit).toHaveLength(1);
  });
});
