import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';

export type EnhancedReportStatus = 'pending' | 'ready' | 'failed';

export interface EnhancedReportRow {
  identifier: string;
  user_id: string;
  patient_request_id: string;
  document_id: string;
  status: EnhancedReportStatus;
  result_key: string | null;
  error: string | null;
  /** Pending for longer than the work may take: its process is gone. */
  stale: boolean;
}

/** Work pending longer than this is taken as lost (a restart in the middle). */
export const STALE_AFTER_SECONDS = 10 * 60;
const COLUMNS = `identifier, user_id, patient_request_id, document_id, status, result_key, error, (status = 'pending' AND created_at < now() - interval '${STALE_AFTER_SECONDS} seconds') AS stale`;

/** All SQL of enhanced reports: one row per piece of background work, polled by its identifier. */
@Injectable()
export class EnhancedReportRepository {
  /** The newest ready or live pending report of a document of this user (a failed or lost one is made again). */
  async findReusable(db: Queryable, userId: string, documentId: string): Promise<EnhancedReportRow | null> {
    const [row] = await db.query(
      `SELECT ${COLUMNS} FROM records.enhanced_reports WHERE user_id = $1 AND document_id = $2
         AND (status = 'ready' OR (status = 'pending' AND created_at >= now() - interval '${STALE_AFTER_SECONDS} seconds'))
       ORDER BY created_at DESC LIMIT 1`,
      [userId, documentId],
    );
    return row ?? null;
  }

  async insert(
    db: Queryable,
    r: { identifier: string; userId: string; patientRequestId: string; documentId: string },
  ): Promise<void> {
    await db.query(
      `INSERT INTO records.enhanced_reports (identifier, user_id, patient_request_id, document_id) VALUES ($1,$2,$3,$4)`,
      [r.identifier, r.userId, r.patientRequestId, r.documentId],
    );
  }

  async markReady(db: Queryable, identifier: string, resultKey: string): Promise<void> {
    await db.query(
      `UPDATE records.enhanced_reports SET status = 'ready', result_key = $2, ready_at = now(), error = NULL WHERE identifier = $1`,
      [identifier, resultKey],
    );
  }

  async markFailed(db: Queryable, identifier: string, error: string): Promise<void> {
    await db.query(
      `UPDATE records.enhanced_reports SET status = 'failed', error = $2 WHERE identifier = $1 AND status = 'pending'`,
      [identifier, error.slice(0, 500)],
    );
  }

  async findOwned(db: Queryable, userId: string, identifier: string): Promise<EnhancedReportRow | null> {
    const [row] = await db.query(
      `SELECT ${COLUMNS} FROM records.enhanced_reports WHERE identifier = $1 AND user_id = $2`,
      [identifier, userId],
    );
    return row ?? null;
  }
}
