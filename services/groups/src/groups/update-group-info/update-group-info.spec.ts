import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import { forbidden } from '@portal/server-kit';
import type { GroupDetails } from '@portal/contracts';
import { staffOf } from '../../groups.fixtures';
import type { ActTrail } from '../../acts/act-trail';
import type { GetGroupDetails } from '../get-group-details/get-group-details';
import type { GroupAccess } from '../group-access';
import type { GroupRepository } from '../group.repository';
import { UpdateGroupInfo } from './update-group-info';

const info = { groupId: 'g1', name: 'Heart Patients', description: 'd', contactEmail: '', contactPhone: '' };

describe('UpdateGroupInfo', () => {
  const setup = (admin: jest.Mock) => {
    const fake = fakeUseCaseKit();
    const updateInfo = jest.fn();
    const record = jest.fn();
    const details = jest.fn(async () => ({ id: 'g1', name: 'Heart Patients' }) as GroupDetails);
    const useCase = new UpdateGroupInfo(
      fake.kit,
      stub<GroupAccess>({ admin }, 'access'),
      stub<GroupRepository>({ updateInfo }, 'groups'),
      stub<ActTrail>({ record }, 'trail'),
      stub<GetGroupDetails>({ execute: details }, 'details'),
    );
    return { updateInfo, record, useCase };
  };

  it("the admin edits the group's information, logged; answers the group as it is now", async () => {
    const { updateInfo, record, useCase } = setup(jest.fn(async () => staffOf('GROUP_ADMIN')));
    await expect(useCase.execute('a1', info, testCaller('a1'))).resolves.toMatchObject({
      name: 'Heart Patients',
    });
    expect(updateInfo).toHaveBeenCalledWith(expect.anything(), 'g1', info);
    expect(record).toHaveBeenCalledWith(
      expect.anything(),
      expect.anything(),
      expect.objectContaining({ action: 'groups.group-info-updated', groupId: 'g1', memberId: null }),
    );
  });

  it('a coordinator is refused and nothing changes', async () => {
    const { updateInfo, useCase } = setup(
      jest.fn().mockRejectedValue(forbidden('Only a group admin can do this')),
    );
    await expect(useCase.execute('c1', info, testCaller('c1'))).rejects.toMatchObject({
      code: 'AUTH.FORBIDDEN',
    });
    expect(updateInfo).not.toHaveBeenCalled();
  });
});
