import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { GroupRepository } from '../group.repository';
import { LoadGroups } from './load-groups';

describe('LoadGroups', () => {
  it("lists only the groups the caller is staff of, with the caller's role", async () => {
    const listForStaff = jest
      .fn()
      .mockResolvedValue([{ id: 'g1', name: 'Cardiology Patients', myRole: 'MEDICAL_COORDINATOR' }]);
    await expect(
      new LoadGroups(fakeUseCaseKit().kit, stub<GroupRepository>({ listForStaff }, 'groups')).execute('u1'),
    ).resolves.toEqual([expect.objectContaining({ id: 'g1', myRole: 'MEDICAL_COORDINATOR' })]);
    expect(listForStaff).toHaveBeenCalledWith(expect.anything(), 'u1');
  });
});
