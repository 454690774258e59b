import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { invitationExpired, notPending } from '../../groups.errors';
import { MemberAccess } from '../member-access';
import { MembershipChanges } from '../membership-changes';
import { MembershipRepository } from '../membership.repository';

export type InvitationAnswer = 'ACTIVE' | 'REJECTED';

const ACTION: Record<InvitationAnswer, string> = {
  ACTIVE: 'groups.invite-accepted',
  REJECTED: 'groups.invite-rejected',
};

/**
 * POST pendingApproval/acceptInvite and rejectInvite: the invited person answers their own pending
 * invitation. Accepting consents to the permissions it showed (the membership becomes ACTIVE with
 * exactly those); rejecting gives nobody anything. Someone else's invitation is not found.
 */
@Injectable()
export class AnswerInvitation {
  constructor(
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly access: MemberAccess,
    private readonly memberships: MembershipRepository,
    private readonly changes: MembershipChanges,
  ) {}

  execute(userId: string, membershipId: string, answer: InvitationAnswer, caller: Caller): Promise<'OK'> {
    return this.kit.transaction(async (tx) => {
      const m = await this.access.lockOwn(tx, userId, membershipId);
      if (m.status !== 'PENDING') throw notPending();
      if (answer === 'ACTIVE' && m.expires_at && m.expires_at.getTime() <= Date.now())
        throw invitationExpired();
      const answered = await this.memberships.change(tx, m.id, { status: answer, responded_at: new Date() });
      await this.changes.record(tx, answered, caller, ACTION[answer], { permissions: answered.permissions });
      return 'OK' as const;
    });
  }
}
