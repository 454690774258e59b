import { Injectable } from '@nestjs/common';
import type { GroupDetails, UpdateGroupInfoInput } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { ActTrail } from '../../acts/act-trail';
import { GetGroupDetails } from '../get-group-details/get-group-details';
import { GroupAccess } from '../group-access';
import { GroupRepository } from '../group.repository';

/** POST groups/updateGroupInfo (`groupInfo`, admin of the group): its name, description and contact; the GroupDetails. */
@Injectable()
export class UpdateGroupInfo {
  constructor(
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly access: GroupAccess,
    private readonly groups: GroupRepository,
    private readonly trail: ActTrail,
    private readonly details: GetGroupDetails,
  ) {}

  async execute(userId: string, input: UpdateGroupInfoInput, caller: Caller): Promise<GroupDetails> {
    await this.kit.transaction(async (tx) => {
      const { group } = await this.access.admin(tx, userId, input.groupId);
      await this.groups.updateInfo(tx, group.id, input);
      await this.trail.record(tx, caller, {
        groupId: group.id,
        memberId: null,
        action: 'groups.group-info-updated',
        resourceType: 'group',
        resourceId: group.id,
        detail: { before: { name: group.name, description: group.description } },
      });
    });
    return this.details.execute(userId, input.groupId);
  }
}
