import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { GroupRepository } from '../group.repository';
import { LoadGroups } from './load-groups';

describe('LoadGroups', () => {
  it('lists only the groups the caller belongs to', async () => {
    const listForMember = jest.fn().mockResolvedValue([{ id: 'g1', name: 'Cardiology Patients' }]);
    await expect(
      new LoadGroups(fakeUseCaseKit().kit, stub<GroupRepository>({ listForMember }, 'groups')).execute('u1'),
    ).resolves.toHaveLength(1);
    expect(listForMember).toHaveBeenCalledWith(expect.anything(), 'u1');
  });
});
