import type { Queryable } from '../database/sql';

/**
 * Who acts and from where: made once per request by @RequestCaller() (signed-in user, address, request
 * id), or SYSTEM_CALLER for seeds and event consumers. Use cases take it and hand it to the audit log.
 */
export interface Caller {
  userId: string | null;
  ip: string | null;
  requestId: string | null;
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

/** Appends to the context's audit_log; the table refuses updates and deletes. */
export class ContextAudit {
  constructor(private readonly schema: string) {}

  async record(tx: Queryable, caller: Caller, e: AuditFields): Promise<void> {
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
