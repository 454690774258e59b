import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { membershipEnded, useLeaveGroup } from '../../groups.errors';
import { MemberAccess } from '../member-access';
import { MembershipChanges } from '../membership-changes';
import { MembershipRepository } from '../membership.repository';

/**
 * POST groups/deleteMember: the group ends a pending or active membership at once (an admin any, a
 * coordinator a patient's): REMOVED, announced in the same transaction, so every permission it gave
 * ends on the next call in every context. Staff leave their own membership with leaveGroup.
 */
@Injectable()
export class DeleteMember {
  constructor(
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly access: MemberAccess,
    private readonly memberships: MembershipRepository,
    private readonly changes: MembershipChanges,
  ) {}

  execute(userId: string, membershipId: string, caller: Caller): Promise<'OK'> {
    return this.kit.transaction(async (tx) => {
      const { membership } = await this.access.lockAsStaff(tx, userId, membershipId);
      if (membership.user_id === userId) throw useLeaveGroup();
      if (membership.status !== 'PENDING' && membership.status !== 'ACTIVE') throw membershipEnded();
      const removed = await this.memberships.change(tx, membership.id, { status: 'REMOVED' });
      await this.changes.record(tx, removed, caller, 'groups.member-removed', { was: membership.status });
      return 'OK' as const;
    });
  }
}
