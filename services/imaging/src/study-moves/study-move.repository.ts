import { Injectable } from '@nestjs/common';
import type { StudyMoveProgress } from '@portal/contracts';
import { type Queryable, returning } from '@portal/server-kit';

export interface StudyMove {
  patient_request_id: string;
  user_id: string;
  source_id: string;
  wado_root: string;
  study_instance_uid: string;
  attempts: number;
}

/** All SQL of study moves: the queue with its leases, progress, and which instances are stored already. */
@Injectable()
export class StudyMoveRepository {
  async add(db: Queryable, m: Omit<StudyMove, 'attempts'>): Promise<void> {
    await db.query(
      `INSERT INTO imaging.study_moves (patient_request_id, user_id, source_id, wado_root, study_instance_uid)
       VALUES ($1,$2,$3,$4,$5) ON CONFLICT (patient_request_id) DO NOTHING`,
      [m.patient_request_id, m.user_id, m.source_id, m.wado_root, m.study_instance_uid],
    );
  }

  /** Takes the oldest move nobody holds (or whose holder let its lease run out) for `leaseMs`. */
  async claim(db: Queryable, owner: string, leaseMs: number): Promise<StudyMove | null> {
    const rows = await returning<StudyMove>(
      db,
      `UPDATE imaging.study_moves SET lease_owner = $1, lease_until = now() + make_interval(secs => $2::float / 1000)
        WHERE patient_request_id = (
          SELECT patient_request_id FROM imaging.study_moves
           WHERE status = 'moving' AND (lease_until IS NULL OR lease_until < now())
           ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING patient_request_id, user_id, source_id, wado_root, study_instance_uid, attempts`,
      [owner, leaseMs],
    );
    return rows[0] ?? null;
  }

  /** Progress so far, and the lease renewed: false when another process holds the move now. */
  async progress(
    db: Queryable,
    id: string,
    owner: string,
    p: { total: number; done: number; bytes: number },
    leaseMs: number,
  ): Promise<boolean> {
    const rows = await returning(
      db,
      `UPDATE imaging.study_moves SET instances_total = $3, instances_done = $4, bytes_done = $5,
         lease_until = now() + make_interval(secs => $6::float / 1000)
        WHERE patient_request_id = $1 AND lease_owner = $2 AND status = 'moving' RETURNING 1`,
      [id, owner, p.total, p.done, p.bytes, leaseMs],
    );
    return rows.length > 0;
  }

  /** An attempt failed: tried again after `retryMs` (the lease runs until then), or given up. */
  async attemptFailed(db: Queryable, id: string, error: string, retryMs: number | null): Promise<void> {
    await db.query(
      retryMs === null
        ? `UPDATE imaging.study_moves SET attempts = attempts + 1, error = $2, status = 'failed', finished_at = now(), lease_owner = NULL WHERE patient_request_id = $1`
        : `UPDATE imaging.study_moves SET attempts = attempts + 1, error = $2, lease_owner = NULL,
             lease_until = now() + make_interval(secs => $3::float / 1000) WHERE patient_request_id = $1`,
      retryMs === null ? [id, error] : [id, error, retryMs],
    );
  }

  async done(db: Queryable, id: string): Promise<void> {
    await db.query(
      `UPDATE imaging.study_moves SET status = 'done', finished_at = now(), lease_owner = NULL, error = NULL WHERE patient_request_id = $1`,
      [id],
    );
  }

  /** A move's progress, for its owner only (anyone else's is missing). */
  async progressOf(
    db: Queryable,
    patientRequestId: string,
    userId: string,
  ): Promise<StudyMoveProgress | null> {
    const [row] = await db.query(
      `SELECT status, instances_total AS "instancesTotal", instances_done AS "instancesDone",
              bytes_done::float8 AS "bytesDone", attempts, error
         FROM imaging.study_moves WHERE patient_request_id = $1 AND user_id = $2`,
      [patientRequestId, userId],
    );
    return (row as StudyMoveProgress) ?? null;
  }

  /** The SOP instance UIDs of the study the owner has already: a resumed move skips them. */
  async storedInstances(db: Queryable, userId: string, study: string): Promise<Set<string>> {
    const rows: Array<{ sop_instance_uid: string }> = await db.query(
      `SELECT sop_instance_uid FROM imaging.instances WHERE user_id = $1 AND study_instance_uid = $2`,
      [userId, study],
    );
    return new Set(rows.map((r) => r.sop_instance_uid));
  }
}
