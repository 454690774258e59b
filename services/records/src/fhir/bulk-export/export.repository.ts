import { Injectable } from '@nestjs/common';
import { type Queryable, returning } from '@portal/server-kit';

/** One NDJSON file of an export: one resource type, `count` lines. */
export interface ExportFile {
  type: string;
  file: string;
  count: number;
}

export type ExportKind = 'fhir' | 'backup';
export type ExportJobStatus = 'in-progress' | 'completed' | 'failed' | 'cancelled' | 'expired';

export interface ExportJobRow {
  id: string;
  user_id: string;
  patient_id: string;
  client_id: string | null;
  authorization_id: string | null;
  kind: ExportKind;
  types: string[];
  since: Date | null;
  request: string;
  status: ExportJobStatus;
  progress: string | null;
  transaction_time: Date;
  completed_at: Date | null;
  expires_at: Date | null;
  output: ExportFile[];
  error: string | null;
  /** Running, but its runner has not been heard from in EXPORT_STALL_SECONDS: its process is gone. */
  stalled: boolean;
  /** Completed, but past the time its files are kept. */
  expired: boolean;
}

export type NewExportJob = Pick<
  ExportJobRow,
  'id' | 'user_id' | 'patient_id' | 'client_id' | 'authorization_id' | 'kind' | 'types' | 'since' | 'request'
>;

/** A runner that writes no page for this long has died with its process. */
export const EXPORT_STALL_SECONDS = 60;

const COLUMNS = `*, (status = 'in-progress' AND heartbeat_at < now() - interval '${EXPORT_STALL_SECONDS} seconds') AS stalled,
  (status = 'completed' AND expires_at < now()) AS expired`;

/** All SQL on Bulk Data export jobs (records.fhir_exports): their state outlives the process running them. */
@Injectable()
export class ExportRepository {
  async insert(db: Queryable, job: NewExportJob): Promise<ExportJobRow> {
    const [row] = await returning<ExportJobRow>(
      db,
      `INSERT INTO records.fhir_exports (id, user_id, patient_id, client_id, authorization_id, kind, types, since, request)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9) RETURNING ${COLUMNS}`,
      [
        job.id,
        job.user_id,
        job.patient_id,
        job.client_id,
        job.authorization_id,
        job.kind,
        job.types,
        job.since,
        job.request,
      ],
    );
    return row;
  }

  async find(db: Queryable, id: string): Promise<ExportJobRow | null> {
    const [row] = await db.query(`SELECT ${COLUMNS} FROM records.fhir_exports WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** The caller's export that is still running (not stalled), if any: one at a time per authorization and account. */
  async running(
    db: Queryable,
    userId: string,
    authorizationId: string | null,
    kind: ExportKind,
  ): Promise<ExportJobRow | null> {
    const [row] = await db.query(
      `SELECT ${COLUMNS} FROM records.fhir_exports WHERE user_id = $1 AND authorization_id IS NOT DISTINCT FROM $2 AND kind = $3
         AND status = 'in-progress' AND heartbeat_at >= now() - interval '${EXPORT_STALL_SECONDS} seconds'
       ORDER BY transaction_time DESC LIMIT 1`,
      [userId, authorizationId, kind],
    );
    return row ?? null;
  }

  /** The newest export of a kind (the last "Download everything"), and the newest completed one. */
  async latest(
    db: Queryable,
    userId: string,
    kind: ExportKind,
    completedOnly = false,
  ): Promise<ExportJobRow | null> {
    const [row] = await db.query(
      `SELECT ${COLUMNS} FROM records.fhir_exports WHERE user_id = $1 AND kind = $2 AND status <> 'cancelled'
         ${completedOnly ? `AND status = 'completed'` : ''}
       ORDER BY transaction_time DESC LIMIT 1`,
      [userId, kind],
    );
    return row ?? null;
  }

  /** What the runner is doing; also its heartbeat. */
  async progress(db: Queryable, id: string, progress: string): Promise<void> {
    await db.query(
      `UPDATE records.fhir_exports SET progress = $2, heartbeat_at = now() WHERE id = $1 AND status = 'in-progress'`,
      [id, progress],
    );
  }

  /** Completes a running export; false when it was cancelled meanwhile (its files must go). */
  async complete(db: Queryable, id: string, output: ExportFile[], keptHours: number): Promise<boolean> {
    const rows = await returning(
      db,
      `UPDATE records.fhir_exports SET status = 'completed', output = $2, completed_at = now(), progress = NULL,
         expires_at = now() + make_interval(hours => $3) WHERE id = $1 AND status = 'in-progress' RETURNING id`,
      [id, JSON.stringify(output), keptHours],
    );
    return rows.length > 0;
  }

  async fail(db: Queryable, id: string, error: string): Promise<void> {
    await db.query(
      `UPDATE records.fhir_exports SET status = 'failed', error = $2, progress = NULL WHERE id = $1 AND status = 'in-progress'`,
      [id, error],
    );
  }

  /** Cancels (or deletes, once done) an export; answers what it was, for its files to be removed. */
  async cancel(db: Queryable, id: string): Promise<ExportJobRow | null> {
    const [row] = await returning<ExportJobRow>(
      db,
      `UPDATE records.fhir_exports SET status = 'cancelled', progress = NULL WHERE id = $1 AND status <> 'cancelled'
       RETURNING ${COLUMNS}`,
      [id],
    );
    return row ?? null;
  }

  /** Completed exports past their keeping time, marked expired; answers them so their files go. */
  expire(db: Queryable, limit = 100): Promise<ExportJobRow[]> {
    return returning<ExportJobRow>(
      db,
      `UPDATE records.fhir_exports SET status = 'expired' WHERE id IN (
         SELECT id FROM records.fhir_exports WHERE status = 'completed' AND expires_at < now() LIMIT $1)
       RETURNING ${COLUMNS}`,
      [limit],
    );
  }
}
