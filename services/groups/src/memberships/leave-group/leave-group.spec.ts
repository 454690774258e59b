import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import { aMembership } from '../../groups.fixtures';
import type { MemberAccess } from '../member-access';
import type { MembershipChanges } from '../membership-changes';
import type { MembershipRepository, MembershipRow } from '../membership.repository';
import { LeaveGroup } from './leave-group';

describe('LeaveGroup', () => {
  const setup = (membership: MembershipRow) => {
    const fake = fakeUseCaseKit();
    const change = jest.fn(async (_tx, id: string, c: object) => ({ ...membership, id, ...c }));
    const record = jest.fn();
    const useCase = new LeaveGroup(
      fake.kit,
      stub<MemberAccess>({ lockOwn: jest.fn(async () => membership) }, 'access'),
      stub<MembershipRepository>({ change }, 'memberships'),
      stub<MembershipChanges>({ record }, 'changes'),
    );
    return { change, record, useCase };
  };

  it('the member leaves at any time: LEFT, announced, so every permission it gave ends', async () => {
    const { change, record, useCase } = setup(aMembership({ status: 'ACTIVE' }));
    await expect(useCase.execute('p1', 'm1', testCaller('p1'))).resolves.toBe('OK');
    expect(change).toHaveBeenCalledWith(expect.anything(), 'm1', {
      status: 'LEFT',
      responded_at: expect.any(Date),
    });
    expect(record.mock.calls[0]!.slice(3)).toEqual(['groups.member-left', { was: 'ACTIVE' }]);
  });

  it('refuses a membership that has ended already', async () => {
    const { change, useCase } = setup(aMembership({ status: 'REMOVED' }));
    await expect(useCase.execute('p1', 'm1', testCaller('p1'))).rejects.toMatchObject({
      message: 'This membership has already ended',
    });
    expect(change).not.toHaveBeenCalled();
  });
});
