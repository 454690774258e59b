import type { EntityManager } from 'typeorm';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  resourceType: string;
  resourceId?: string | null;
  /** Whose data it is (the patient), so patients can see who accessed their records. */
  subjectId?: string | null;
  ip?: string | null;
  requestId?: string | null;
  detail?: Record<string, unknown>;
}

/** Appends to the context's audit_log; the table refuses updates and deletes. */
export class ContextAudit {
  constructor(private readonly schema: string) {}

  async record(tx: Pick<EntityManager, 'query'>, e: AuditEntry): Promise<void> {
    await tx.query(
      `INSERT INTO ${this.schema}.audit_log (actor_id, action, resource_type, resource_id, subject_id, ip, request_id, detail)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`,
      [e.actorId, e.action, e.resourceType, e.resourceId ?? null, e.subjectId ?? null, e.ip ?? null, e.requestId ?? null, e.detail ?? {}],
    );
  }
}
