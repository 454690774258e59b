import { Injectable } from '@nestjs/common';
import type { Worklist, WorklistQuery } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { GroupAccess } from '../../groups/group-access';
import {
  type ListedMemberRow,
  MembershipRepository,
  toGroupMember,
  type WorklistKind,
} from '../membership.repository';

const KINDS: WorklistKind[] = ['pending', 'expiring', 'missingIdentity'];

const withGroup = (r: ListedMemberRow) => ({
  ...toGroupMember(r),
  groupId: r.group_id,
  groupName: r.group_name ?? '',
});

/**
 * GET groups/worklist: what needs doing across the members of the caller's groups (or one of them):
 * invitations waiting for an answer, memberships ending within MEMBERSHIP_REMINDER_DAYS, and patients
 * who have not saved their ID. Each list is paged alike (page, size). A group the caller is not staff
 * of is not found. Open requests by legal due date come from the requests context (WorklistRequestPage).
 */
@Injectable()
export class GetWorklist {
  constructor(
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly access: GroupAccess,
    private readonly memberships: MembershipRepository,
  ) {}

  async execute(userId: string, q: WorklistQuery): Promise<Worklist> {
    if (q.groupId) await this.access.staff(this.kit.db, userId, q.groupId);
    const page = { limit: q.size, offset: (q.page - 1) * q.size };
    const [pending, expiring, missingIdentity] = await Promise.all(
      KINDS.map((kind) => this.memberships.worklist(this.kit.db, userId, kind, q.groupId ?? null, page)),
    );
    return {
      pendingInvitations: pending!.map(withGroup),
      expiringMemberships: expiring!.map(withGroup),
      missingIdentity: missingIdentity!.map(withGroup),
    };
  }
}
