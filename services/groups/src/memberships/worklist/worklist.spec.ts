import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import { notFound } from '@portal/server-kit';
import { aMembership, staffOf } from '../../groups.fixtures';
import type { GroupAccess } from '../../groups/group-access';
import type { MembershipRepository, WorklistKind } from '../membership.repository';
import { GetWorklist } from './worklist';

describe('GetWorklist', () => {
  const setup = (staff = jest.fn(async () => staffOf('MEDICAL_COORDINATOR'))) => {
    const worklist = jest.fn(async (_db: unknown, _user: string, kind: WorklistKind, ..._rest: unknown[]) =>
      kind === 'pending'
        ? [{ ...aMembership(), identity_saved: null, group_name: 'Cardiology Patients' }]
        : [],
    );
    const useCase = new GetWorklist(
      fakeUseCaseKit().kit,
      stub<GroupAccess>({ staff }, 'access'),
      stub<MembershipRepository>({ worklist }, 'memberships'),
    );
    return { staff, worklist, useCase };
  };

  it("lists each kind across the caller's groups, paged alike, each row with its group", async () => {
    const { staff, worklist, useCase } = setup();
    const list = await useCase.execute('c1', { page: 2, size: 10 });
    expect(staff).not.toHaveBeenCalled();
    expect(worklist.mock.calls.map((c) => [c[2], c[3], c[4]])).toEqual([
      ['pending', null, { limit: 10, offset: 10 }],
      ['expiring', null, { limit: 10, offset: 10 }],
      ['missingIdentity', null, { limit: 10, offset: 10 }],
    ]);
    expect(list.pendingInvitations).toEqual([
      expect.objectContaining({ membershipId: 'm1', groupId: 'g1', groupName: 'Cardiology Patients' }),
    ]);
    expect(list.expiringMemberships).toEqual([]);
  });

  it('one group only when the caller is its staff: another group is not found', async () => {
    const { worklist, useCase } = setup(jest.fn().mockRejectedValue(notFound('Group')));
    await expect(useCase.execute('c1', { groupId: 'g2', page: 1, size: 25 })).rejects.toMatchObject({
      message: 'Group not found',
    });
    expect(worklist).not.toHaveBeenCalled();
  });
});
