import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import { aMembership, aPerson, staffOf } from '../../groups.fixtures';
import type { ActTrail } from '../../acts/act-trail';
import type { PeopleRepository } from '../../people/people.repository';
import type { GroupMails } from '../group-mails';
import type { MemberAccess } from '../member-access';
import type { MembershipRow } from '../membership.repository';
import { SendMemberInvite } from './send-member-invite';

describe('SendMemberInvite', () => {
  const setup = (membership: MembershipRow, lockError?: Error) => {
    const fake = fakeUseCaseKit();
    const record = jest.fn();
    const invitation = jest.fn(async () => undefined);
    const useCase = new SendMemberInvite(
      fake.kit,
      stub<MemberAccess>(
        {
          lockAsStaff: jest.fn(async () => {
            if (lockError) throw lockError;
            return { membership, staff: staffOf('MEDICAL_COORDINATOR') };
          }),
        },
        'access',
      ),
      stub<PeopleRepository>(
        {
          find: jest.fn(async () => aPerson({ first_name: 'Casey', last_name: 'Morgan' })),
          byEmail: jest.fn(async () => null),
        },
        'people',
      ),
      stub<ActTrail>({ record }, 'trail'),
      stub<GroupMails>({ invitation }, 'mails'),
    );
    return { fake, record, invitation, useCase };
  };

  it('mails a pending invitation again, logged, changing nothing of the membership', async () => {
    const { fake, record, invitation, useCase } = setup(aMembership({ user_id: null }));
    await expect(useCase.execute('c1', 'm1', testCaller('c1'))).resolves.toBe('OK');
    expect(record).toHaveBeenCalledWith(
      fake.tx,
      expect.anything(),
      expect.objectContaining({ action: 'groups.invite-resent', resourceId: 'm1', memberId: null }),
    );
    expect(invitation).toHaveBeenCalledWith(
      expect.objectContaining({ to: 'pat@example.com', linked: false, inviterName: 'Casey Morgan' }),
    );
    expect(fake.events).toEqual([]);
  });

  it('refuses a membership that is no longer pending', async () => {
    const { invitation, useCase } = setup(aMembership({ status: 'ACTIVE' }));
    await expect(useCase.execute('c1', 'm1', testCaller('c1'))).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
    });
    expect(invitation).not.toHaveBeenCalled();
  });

  it("a membership of a group that is not the caller's is not found, and nobody is mailed", async () => {
    const { invitation, useCase } = setup(
      aMembership(),
      Object.assign(new Error('Member not found'), { code: 'RESOURCE.NOT_FOUND' }),
    );
    await expect(useCase.execute('c1', 'm1', testCaller('c1'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(invitation).not.toHaveBeenCalled();
  });
});
