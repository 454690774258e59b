import { Injectable } from '@nestjs/common';
import type { GroupLogPage, GroupLogQuery } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { GroupAccess } from '../../groups/group-access';
import { GroupRepository } from '../../groups/group.repository';
import { nextDay, startOfDayUtc } from '../../memberships/dates';
import { ActRepository } from '../act.repository';

/**
 * GET groups/getLogs (`logs`, admin of the group): everything done in and for the group, newest first:
 * its own steps (invitations, answers, removals, permission changes) and every act a coordinator did
 * for a member in another context. An admin group's log holds its patient groups' too. Filters: member,
 * actor, action (exact or its start), from and to (whole days, UTC, both included); paged.
 */
@Injectable()
export class GetLogs {
  constructor(
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly access: GroupAccess,
    private readonly groups: GroupRepository,
    private readonly acts: ActRepository,
  ) {}

  async execute(userId: string, q: GroupLogQuery): Promise<GroupLogPage> {
    const from = q.from ? startOfDayUtc(q.from, 'from', 'from must be a date (YYYY-MM-DD)') : undefined;
    const to = q.to ? startOfDayUtc(q.to, 'to', 'to must be a date (YYYY-MM-DD)') : undefined;
    const { group } = await this.access.admin(this.kit.db, userId, q.groupId);
    const children =
      group.organization_type === 'ADMIN_GROUP' ? await this.groups.patientGroups(this.kit.db, group.id) : [];
    const { rows, total } = await this.acts.page(
      this.kit.db,
      {
        groupIds: [group.id, ...children.map((c) => c.id)],
        memberId: q.memberId,
        actorId: q.actorId,
        action: q.action || undefined,
        from,
        until: to && nextDay(to),
      },
      { limit: q.size, offset: (q.page - 1) * q.size },
    );
    return { rows, total, page: q.page, size: q.size };
  }
}
