import type { EntityManager } from 'typeorm';
import type { GroupPermission } from '@portal/contracts';
import type { Queryable } from '../database/sql';
import type { ContextEvents } from '../events/context-events';

/** The member a coordinator acts for, the group and the permission that allowed it (decision 0027). */
export interface OnBehalfOf {
  userId: string;
  groupId: string;
  permission: GroupPermission;
}

/**
 * Who acts and from where: made once per request by @RequestCaller() (signed-in user, address, request
 * id), or SYSTEM_CALLER for seeds and event consumers. Use cases take it and hand it to the audit log.
 */
export interface Caller {
  userId: string | null;
  ip: string | null;
  requestId: string | null;
  /** Set while a coordinator acts for a group member: userId stays the coordinator (the real actor). */
  onBehalfOf?: OnBehalfOf;
}

export const SYSTEM_CALLER: Caller = { userId: null, ip: null, requestId: null };

/** What an audit row says besides who and from where. */
export interface AuditFields {
  action: string;
  resourceType: string;
  resourceId?: string | null;
  /** Whose data it is (the patient), so patients can see who accessed their records. */
  subjectId?: string | null;
  detail?: Record<string, unknown>;
  /** The actor when it is not the caller: the account just created, the user whose sign-in failed. */
  actorId?: string | null;
}

/**
 * Appends to the context's audit_log; the table refuses updates and deletes. An act for a group member
 * is attributed twice: the row's actor is the coordinator, its subject the member, and its detail names
 * the group and permission; the same transaction tells the groups context (`acting.act-recorded`), which
 * keeps the group's logs and the member's "done on your behalf".
 */
export class ContextAudit {
  constructor(
    private readonly schema: string,
    private readonly events?: Pick<ContextEvents, 'record'>,
  ) {}

  async record(tx: Queryable, caller: Caller, e: AuditFields): Promise<void> {
    const acting = caller.onBehalfOf;
    if (acting) {
      e = {
        ...e,
        subjectId: e.subjectId ?? acting.userId,
        detail: { ...e.detail, onBehalfOf: acting },
      };
      await this.events?.record(tx as EntityManager, 'acting.act-recorded', {
        actorId: caller.userId!,
        memberId: acting.userId,
        groupId: acting.groupId,
        permission: acting.permission,
        context: this.schema,
        action: e.action,
        resourceType: e.resourceType,
        resourceId: e.resourceId ?? null,
        at: new Date().toISOString(),
      });
    }
    await tx.query(
      `INSERT INTO ${this.schema}.audit_log (actor_id, action, resource_type, resource_id, subject_id, ip, request_id, detail)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`,
      [
        e.actorId !== undefined ? e.actorId : caller.userId,
        e.action,
        e.resourceType,
        e.resourceId ?? null,
        e.subjectId ?? null,
        caller.ip,
        caller.requestId,
        e.detail ?? {},
      ],
    );
  }
}
