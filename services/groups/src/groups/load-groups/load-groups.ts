import { Injectable } from '@nestjs/common';
import type { Group } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { GroupRepository } from '../group.repository';

/**
 * GET groups/loadGrid: the tabs of a coordinator or admin: the groups they coordinate or administer
 * (an accepted, unexpired membership) and the patient groups under the admin groups they administer,
 * each with the caller's role there.
 */
@Injectable()
export class LoadGroups {
  constructor(
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly groups: GroupRepository,
  ) {}

  execute(userId: string): Promise<Group[]> {
    return this.groups.listForStaff(this.kit.db, userId);
  }
}
