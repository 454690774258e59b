import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { membershipEnded } from '../../groups.errors';
import { MemberAccess } from '../member-access';
import { MembershipChanges } from '../membership-changes';
import { MembershipRepository } from '../membership.repository';

/**
 * POST groups/leaveGroup: the member leaves (or revokes) their own membership at any time: LEFT,
 * announced in the same transaction, so every permission it gave ends on the next call in every
 * context. Another person's membership is not found.
 */
@Injectable()
export class LeaveGroup {
  constructor(
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly access: MemberAccess,
    private readonly memberships: MembershipRepository,
    private readonly changes: MembershipChanges,
  ) {}

  execute(userId: string, membershipId: string, caller: Caller): Promise<'OK'> {
    return this.kit.transaction(async (tx) => {
      const m = await this.access.lockOwn(tx, userId, membershipId);
      if (m.status !== 'PENDING' && m.status !== 'ACTIVE') throw membershipEnded();
      const left = await this.memberships.change(tx, m.id, { status: 'LEFT', responded_at: new Date() });
      await this.changes.record(tx, left, caller, 'groups.member-left', { was: m.status });
      return 'OK' as const;
    });
  }
}
