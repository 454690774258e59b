import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@portal/contracts';
import type { Tx } from '@portal/server-kit';
import { ActRepository } from '../act.repository';

/**
 * A coordinator acted for a member in another context (`acting.act-recorded`, written with that
 * context's audit row): kept for the group's logs and the member's "done on your behalf". The event's
 * id is the act's, so a redelivery adds nothing.
 */
@Injectable()
export class KeepAct {
  constructor(private readonly acts: ActRepository) {}

  async execute(tx: Tx, e: EventEnvelope<'acting.act-recorded'>): Promise<void> {
    const p = e.payload;
    await this.acts.insert(tx, {
      id: e.id,
      at: new Date(p.at),
      actorId: p.actorId,
      memberId: p.memberId,
      groupId: p.groupId,
      permission: p.permission,
      context: p.context,
      action: p.action,
      resourceType: p.resourceType,
      resourceId: p.resourceId,
    });
  }
}
