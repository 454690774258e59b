import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';

export interface FollowUpRow {
  id: string;
  whole_body_scan_id: string;
  finding_id: string;
  next_step_id: string;
  title: string;
  subtitle: string;
  due_date: string;
  done_at: Date | null;
  result_document_id: string | null;
  result_file_name: string | null;
  result_request_id: string | null;
}

const COLUMNS = `fu.id, d.scan_id AS whole_body_scan_id, d.finding_id, d.id AS next_step_id,
  COALESCE(d.value->>'title', '') AS title, COALESCE(d.value->>'subtitle', '') AS subtitle,
  to_char(fu.due_date, 'YYYY-MM-DD') AS due_date, fu.done_at, fu.result_document_id,
  doc.file_name AS result_file_name, doc.patient_request_id AS result_request_id`;
const FROM = `records.wbs_follow_ups fu JOIN records.wbs_documents d ON d.id = fu.next_step_id
  LEFT JOIN records.documents doc ON doc.id = fu.result_document_id AND doc.user_id = fu.user_id`;

/** All SQL of follow-up tasks (one per enabled next step); every read names the owner. */
@Injectable()
export class FollowUpRepository {
  /** The owner's tasks: open ones first, by due date. */
  listOwned(db: Queryable, userId: string): Promise<FollowUpRow[]> {
    return db.query(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE fu.user_id = $1 ORDER BY (fu.done_at IS NOT NULL), fu.due_date, fu.id`,
      [userId],
    );
  }

  async findOwned(db: Queryable, userId: string, id: string): Promise<FollowUpRow | null> {
    const [row] = await db.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE fu.id = $1 AND fu.user_id = $2`, [
      id,
      userId,
    ]);
    return row ?? null;
  }

  async update(
    tx: Queryable,
    id: string,
    change: { dueDate?: string; done?: boolean; resultDocumentId?: string },
  ): Promise<void> {
    await tx.query(
      `UPDATE records.wbs_follow_ups SET
         due_date = COALESCE($2::date, due_date),
         done_at = CASE WHEN $3::boolean IS NULL THEN done_at WHEN $3 THEN COALESCE(done_at, now()) ELSE NULL END,
         result_document_id = COALESCE($4::uuid, result_document_id)
       WHERE id = $1`,
      [id, change.dueDate ?? null, change.done ?? null, change.resultDocumentId ?? null],
    );
  }

  /** The library document a kept self upload made of this key. */
  async documentOfKey(db: Queryable, userId: string, key: string): Promise<string | null> {
    const [row] = await db.query(`SELECT id FROM records.documents WHERE blob_key = $1 AND user_id = $2`, [
      key,
      userId,
    ]);
    return row?.id ?? null;
  }
}
