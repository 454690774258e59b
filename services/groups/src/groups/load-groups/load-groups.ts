import { Injectable } from '@nestjs/common';
import type { Group } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { GroupRepository } from '../group.repository';

/** GET groups/loadGrid: the tabs of a coordinator or admin: only the groups the caller belongs to. */
@Injectable()
export class LoadGroups {
  constructor(
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly groups: GroupRepository,
  ) {}

  execute(userId: string): Promise<Group[]> {
    return this.groups.listForMember(this.kit.db, userId);
  }
}
