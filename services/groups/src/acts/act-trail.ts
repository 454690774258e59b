import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type Tx, type UseCaseKit } from '@portal/server-kit';
import { ActRepository } from './act.repository';

/** One step of the groups context, as its audit row and its line in the group's logs say it. */
export interface GroupStep {
  groupId: string;
  /** The member the step concerns (their account), or null for a group-wide step or an address without one. */
  memberId: string | null;
  action: string;
  resourceType: 'membership' | 'group';
  resourceId: string;
  detail?: Record<string, unknown>;
}

/**
 * Every step in a group is written twice in the transaction of the change: the context's append-only
 * audit row (who, from where, whose data) and the act the admin's logs and the member's "done on your
 * behalf" read. The actor is the caller (none for the portal's own steps).
 */
@Injectable()
export class ActTrail {
  constructor(
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly acts: ActRepository,
  ) {}

  async record(tx: Tx, caller: Caller, step: GroupStep): Promise<void> {
    await this.kit.audit.record(tx, caller, {
      action: step.action,
      resourceType: step.resourceType,
      resourceId: step.resourceId,
      subjectId: step.memberId,
      detail: { groupId: step.groupId, ...step.detail },
    });
    await this.acts.insert(tx, {
      id: randomUUID(),
      at: new Date(),
      actorId: caller.userId,
      memberId: step.memberId,
      groupId: step.groupId,
      permission: null,
      context: 'groups',
      action: step.action,
      resourceType: step.resourceType,
      resourceId: step.resourceId,
    });
  }
}
