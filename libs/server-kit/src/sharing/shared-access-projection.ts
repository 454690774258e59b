import type { EventPayloads } from '@portal/contracts';
import type { Queryable } from '../database/sql';

/**
 * The share grants as a context that serves records keeps them (records, imaging): one row per shared
 * person (recipient) from sharing's `sharing.access-changed` snapshots, applied when newer, with the
 * records granted. Each context has its own tables (made by its migration with `sharedAccessTablesSql`)
 * and decides every read from them: no context reads sharing's schema.
 */
export const sharedAccessTablesSql = (schema: string): string[] => [
  `CREATE TABLE ${schema}.shared_access (
    recipient_id uuid PRIMARY KEY, owner_user_id uuid NOT NULL, viewer_user_id uuid, name text NOT NULL, email text NOT NULL,
    enabled boolean NOT NULL, all_records boolean NOT NULL, expires_at timestamptz, version bigint NOT NULL)`,
  `CREATE INDEX shared_access_viewer ON ${schema}.shared_access (viewer_user_id, owner_user_id)`,
  `CREATE INDEX shared_access_owner ON ${schema}.shared_access (owner_user_id)`,
  `CREATE TABLE ${schema}.shared_access_items (
    recipient_id uuid NOT NULL REFERENCES ${schema}.shared_access(recipient_id) ON DELETE CASCADE,
    patient_request_id uuid NOT NULL, study_uid text, document_id text)`,
  `CREATE INDEX shared_access_items_recipient ON ${schema}.shared_access_items (recipient_id)`,
  `CREATE INDEX shared_access_items_study ON ${schema}.shared_access_items (study_uid)`,
];

/** A grant that is on: not switched off and not expired. */
export const liveGrant = (alias: string): string => `${alias}.enabled AND (${alias}.expires_at IS NULL OR ${alias}.expires_at > now())`;

/** What a viewer asks to see: a record of a patient request (a study or a document), or a study by UID alone. */
export interface SharedRecordKey {
  patientRequestId?: string | null;
  studyUid?: string | null;
  documentId?: string | null;
}

export class SharedAccessProjection {
  constructor(private readonly schema: string) {}

  /** Applies one snapshot unless a newer one is already kept (events may arrive out of order). */
  async apply(db: Queryable, e: EventPayloads['sharing.access-changed']): Promise<void> {
    const [kept] = await db.query(
      `INSERT INTO ${this.schema}.shared_access (recipient_id, owner_user_id, viewer_user_id, name, email, enabled, all_records, expires_at, version)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)
       ON CONFLICT (recipient_id) DO UPDATE SET viewer_user_id = EXCLUDED.viewer_user_id, name = EXCLUDED.name, email = EXCLUDED.email,
         enabled = EXCLUDED.enabled, all_records = EXCLUDED.all_records, expires_at = EXCLUDED.expires_at, version = EXCLUDED.version
         WHERE ${this.schema}.shared_access.version < EXCLUDED.version
       RETURNING recipient_id`,
      [e.recipientId, e.ownerUserId, e.viewerUserId, e.name, e.email, e.enabled, e.allRecords, e.expiresAt, e.version],
    );
    if (!kept) return;
    await db.query(`DELETE FROM ${this.schema}.shared_access_items WHERE recipient_id = $1`, [e.recipientId]);
    if (!e.items.length) return;
    await db.query(
      `INSERT INTO ${this.schema}.shared_access_items (recipient_id, patient_request_id, study_uid, document_id)
       SELECT $1, x.p, x.s, x.d FROM unnest($2::uuid[], $3::text[], $4::text[]) AS x(p, s, d)`,
      [e.recipientId, e.items.map((i) => i.patientRequestId), e.items.map((i) => i.studyUid), e.items.map((i) => i.documentId)],
    );
  }

  /**
   * The owners whose grant to the viewer covers the record: a live grant of all records (the caller checks
   * the owner really has it) or one naming it. Empty: not shared with this viewer.
   */
  async ownersCovering(db: Queryable, viewerUserId: string, key: SharedRecordKey): Promise<Array<{ owner_user_id: string; all_records: boolean }>> {
    return db.query(
      `SELECT a.owner_user_id, bool_or(a.all_records) AS all_records FROM ${this.schema}.shared_access a
       WHERE a.viewer_user_id = $1 AND ${liveGrant('a')}
         AND (a.all_records OR EXISTS (SELECT 1 FROM ${this.schema}.shared_access_items i WHERE i.recipient_id = a.recipient_id
           AND ($2::uuid IS NULL OR i.patient_request_id = $2::uuid)
           AND ($3::text IS NULL OR i.study_uid = $3)
           AND ($4::text IS NULL OR i.document_id = $4)))
       GROUP BY a.owner_user_id ORDER BY a.owner_user_id`,
      [viewerUserId, key.patientRequestId ?? null, key.studyUid ?? null, key.documentId ?? null],
    );
  }

  /** The owner whose live grant to this shared person (by sharing's id) covers the study: a mailed download link's check. */
  recipientCovering(db: Queryable, recipientId: string, studyUid: string): Promise<Array<{ owner_user_id: string }>> {
    return db.query(
      `SELECT a.owner_user_id FROM ${this.schema}.shared_access a WHERE a.recipient_id::text = $1 AND ${liveGrant('a')}
         AND (a.all_records OR EXISTS (SELECT 1 FROM ${this.schema}.shared_access_items i WHERE i.recipient_id = a.recipient_id AND i.study_uid = $2))`,
      [recipientId, studyUid],
    );
  }

  /** The names of the people who see a record of the owner (the record's 'shared with'). */
  async sharedWith(db: Queryable, ownerUserId: string, key: SharedRecordKey): Promise<string[]> {
    const rows: Array<{ name: string }> = await db.query(
      `SELECT a.name FROM ${this.schema}.shared_access a
       WHERE a.owner_user_id = $1 AND ${liveGrant('a')}
         AND (a.all_records OR EXISTS (SELECT 1 FROM ${this.schema}.shared_access_items i WHERE i.recipient_id = a.recipient_id
           AND ($2::uuid IS NULL OR i.patient_request_id = $2::uuid) AND ($3::text IS NULL OR i.study_uid = $3) AND ($4::text IS NULL OR i.document_id = $4)))
       ORDER BY a.name`,
      [ownerUserId, key.patientRequestId ?? null, key.studyUid ?? null, key.documentId ?? null],
    );
    return rows.map((r) => r.name);
  }
}
