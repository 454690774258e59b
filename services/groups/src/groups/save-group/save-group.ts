import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { GroupRepository, type GroupType, type MemberRole } from '../group.repository';

/**
 * A group with its members, added where missing (saving it again changes nothing), audited. Groups
 * come from operators today (the demo seed); the group admin screens of a later issue add routes.
 */
@Injectable()
export class SaveGroup {
  constructor(
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly groups: GroupRepository,
  ) {}

  async execute(
    group: {
      id: string;
      name: string;
      type: GroupType;
      members: Array<{ userId: string; role: MemberRole }>;
    },
    caller: Caller,
  ): Promise<void> {
    await this.kit.transaction(async (tx) => {
      await this.groups.insertIfMissing(tx, group);
      for (const m of group.members) await this.groups.addMember(tx, group.id, m.userId, m.role);
      await this.kit.audit.record(tx, caller, {
        action: 'groups.group-saved',
        resourceType: 'group',
        resourceId: group.id,
        detail: { members: group.members.length },
      });
    });
  }
}
