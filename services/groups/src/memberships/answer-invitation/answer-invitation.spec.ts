import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import { notFound } from '@portal/server-kit';
import { aMembership } from '../../groups.fixtures';
import type { MemberAccess } from '../member-access';
import type { MembershipChanges } from '../membership-changes';
import type { MembershipRepository, MembershipRow } from '../membership.repository';
import { AnswerInvitation } from './answer-invitation';

describe('AnswerInvitation', () => {
  const setup = (membership: MembershipRow | null) => {
    const fake = fakeUseCaseKit();
    const lockOwn = jest.fn(async () => {
      if (!membership) throw notFound('Membership');
      return membership;
    });
    const change = jest.fn(async (_tx, id: string, c: object) => ({ ...membership!, id, ...c }));
    const record = jest.fn();
    const useCase = new AnswerInvitation(
      fake.kit,
      stub<MemberAccess>({ lockOwn }, 'access'),
      stub<MembershipRepository>({ change }, 'memberships'),
      stub<MembershipChanges>({ record }, 'changes'),
    );
    return { lockOwn, change, record, useCase };
  };

  it('accepting makes the membership active with the permissions shown, announced', async () => {
    const { lockOwn, change, record, useCase } = setup(aMembership());
    await expect(useCase.execute('p1', 'm1', 'ACTIVE', testCaller('p1'))).resolves.toBe('OK');
    expect(lockOwn).toHaveBeenCalledWith(expect.anything(), 'p1', 'm1');
    expect(change).toHaveBeenCalledWith(expect.anything(), 'm1', {
      status: 'ACTIVE',
      responded_at: expect.any(Date),
    });
    expect(record).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ status: 'ACTIVE' }),
      expect.anything(),
      'groups.invite-accepted',
      { permissions: ['VIEW_RECORDS'] },
    );
  });

  it('rejecting gives nobody anything', async () => {
    const { change, record, useCase } = setup(aMembership());
    await useCase.execute('p1', 'm1', 'REJECTED', testCaller('p1'));
    expect(change.mock.calls[0]![2]).toMatchObject({ status: 'REJECTED' });
    expect(record.mock.calls[0]![3]).toBe('groups.invite-rejected');
  });

  it("someone else's invitation is not found", async () => {
    const { change, useCase } = setup(null);
    await expect(useCase.execute('x', 'm1', 'ACTIVE', testCaller('x'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(change).not.toHaveBeenCalled();
  });

  it('refuses an answer to an invitation answered already, or accepting one past its expiry', async () => {
    await expect(
      setup(aMembership({ status: 'ACTIVE' })).useCase.execute('p1', 'm1', 'REJECTED', testCaller('p1')),
    ).rejects.toMatchObject({ message: 'This invitation is no longer waiting for an answer' });
    await expect(
      setup(aMembership({ expires_at: new Date(Date.now() - 1000) })).useCase.execute(
        'p1',
        'm1',
        'ACTIVE',
        testCaller('p1'),
      ),
    ).rejects.toMatchObject({ message: 'This invitation has expired' });
  });
});
