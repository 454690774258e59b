import { Injectable } from '@nestjs/common';
import { liveGrantSql, type Queryable } from '@portal/server-kit';

/** Whose rows a snapshot holds: a user's library, optionally one person's requests, optionally only starred responses. */
export interface GridFilter {
  userId: string;
  personId: string | null;
  onlyFavourites: boolean;
  /** The records others share with the user (live grants), instead of the user's own; optionally one sharer's only. */
  shared?: { byUserId: string | null };
  /** The user's own records that this person they share with sees (sharing's recipient id; a live grant). */
  sharedWith?: string;
}

/** The keyset position after the last row of a page: (created_at, id), created_at as PostgreSQL's full-precision text. */
export interface GridKey {
  created: string;
  id: string;
}

/** One row of the library as the grid's page query reads it (mapped to LibraryGridRow by grid-row.mapper). */
export interface GridSourceRow {
  kind: 'study' | 'document' | 'request';
  id: string;
  owner_user_id: string;
  created_at: Date;
  key_created: string;
  patient_request_id: string;
  person_id: string | null;
  custodian_id: string | null;
  custodian_name: string | null;
  status: string | null;
  doc_req_types: string[] | null;
  manual_upload: boolean | null;
  record_name: string | null;
  exam_date: string | null;
  patient_name: string | null;
  study_instance_uid: string | null;
  modality: string | null;
  study_description: string | null;
  study_date: string | null;
  total_instances: number | null;
  file_name: string | null;
  document_request_type: string | null;
  document_date: string | null;
  starred: boolean;
  has_attachments: boolean;
  shared_with: string[];
}

export interface SnapshotState {
  status: 'building' | 'ready' | 'failed';
  total: number | null;
  error: string | null;
}

/** A stored chunk and the state of its snapshot, read in one round trip. */
export interface ChunkRead extends SnapshotState {
  rows: string | null;
  row_count: number | null;
}

/**
 * The keyset page query of the grid: the newest `limit` rows after `after`, merged from the user's
 * studies and documents (each read through its (user_id, created_at DESC, id DESC) index) and the
 * requests that have neither, newest first by (created_at DESC, id DESC). Never OFFSET.
 */
export const gridPageSql = (
  f: GridFilter,
  after: GridKey | null,
  limit: number,
): { sql: string; params: unknown[] } => {
  const params: unknown[] = [f.userId, limit];
  const p = (v: unknown) => `$${params.push(v)}`;
  const keyset = (alias: string) =>
    after
      ? ` AND (${alias}.created_at, ${alias}.id) < (${p(after.created)}::timestamptz, ${p(after.id)}::uuid)`
      : '';
  const person = f.personId && !f.shared ? p(f.personId) : null;
  const ofPerson = (col: string) =>
    person
      ? ` AND ${col} IN (SELECT lr.id FROM records.library_requests lr WHERE lr.user_id = $1 AND lr.person_id = ${person}::uuid)`
      : '';
  const starredOnly = (alias: string) =>
    f.onlyFavourites && !f.shared
      ? ` AND EXISTS (SELECT 1 FROM records.stars st WHERE st.user_id = $1 AND st.response_id = ${alias}.id)`
      : '';
  // Whose rows: the user's own, or (shared) the owners with a live grant to the user, each row covered by its grant.
  const sharer = f.shared?.byUserId ? ` AND a.owner_user_id = ${p(f.shared.byUserId)}::uuid` : '';
  const grants = `SELECT a.recipient_id, a.owner_user_id, a.all_records FROM records.shared_access a WHERE a.viewer_user_id = $1 AND ${liveGrantSql('a')}${sharer}`;
  const covered = (alias: string, item: string) =>
    ` AND EXISTS (SELECT 1 FROM (${grants}) g WHERE g.owner_user_id = ${alias}.user_id AND (g.all_records OR EXISTS (SELECT 1 FROM records.shared_access_items i
        WHERE i.recipient_id = g.recipient_id AND i.patient_request_id = ${alias}.patient_request_id AND ${item})))`;
  // The owner's rows one of their people sees: that person's live grant of the owner's, all records or naming the row.
  const seenBy = (alias: string, item: string) =>
    f.sharedWith
      ? ` AND EXISTS (SELECT 1 FROM records.shared_access a WHERE a.recipient_id = ${p(f.sharedWith)}::uuid AND a.owner_user_id = $1 AND ${liveGrantSql('a')}
          AND (a.all_records OR EXISTS (SELECT 1 FROM records.shared_access_items i WHERE i.recipient_id = a.recipient_id AND i.patient_request_id = ${alias}.patient_request_id AND ${item})))`
      : '';
  const whose = (alias: string, item: string) =>
    f.shared
      ? `${alias}.user_id IN (SELECT owner_user_id FROM (${grants}) o)${covered(alias, item)}`
      : `${alias}.user_id = $1${seenBy(alias, item)}`;
  // Each branch reads its own columns (nothing is joined back by id); the others are NULL.
  const studies = `(SELECT 'study'::text AS kind, s.id, s.user_id AS owner_user_id, s.created_at, s.patient_request_id, s.study_instance_uid, s.modality, s.study_description,
        s.study_date::text AS study_date, s.total_instances, NULL::text AS file_name, NULL::text AS document_request_type, NULL::text AS document_date
      FROM records.studies s
      WHERE ${whose('s', 'i.study_uid = s.study_instance_uid')} AND s.patient_request_id IS NOT NULL${keyset('s')}${ofPerson('s.patient_request_id')}${starredOnly('s')}
      ORDER BY s.created_at DESC, s.id DESC LIMIT $2)`;
  const documents = `(SELECT 'document'::text AS kind, d.id, d.user_id, d.created_at, d.patient_request_id, NULL, NULL, NULL, NULL, NULL, d.file_name, d.document_request_type,
        (d.created_at AT TIME ZONE 'UTC')::date::text
      FROM records.documents d
      WHERE ${whose('d', 'i.document_id = d.id::text')}${keyset('d')}${ofPerson('d.patient_request_id')}${starredOnly('d')}
      ORDER BY d.created_at DESC, d.id DESC LIMIT $2)`;
  // A starred row is an approved response: favourites hold no bare requests; nobody is shared a bare request.
  const requests =
    f.onlyFavourites || f.shared || f.sharedWith
      ? ''
      : ` UNION ALL (SELECT 'request'::text AS kind, r.id, r.user_id, r.created_at, r.id AS patient_request_id, NULL, r.requested_study->>'modality', r.requested_study->>'description', NULL, NULL, NULL, NULL, NULL
      FROM records.library_requests r
      WHERE r.user_id = $1${keyset('r')}${person ? ` AND r.person_id = ${person}::uuid` : ''}
        AND NOT EXISTS (SELECT 1 FROM records.studies s2 WHERE s2.patient_request_id = r.id AND s2.user_id = $1)
        AND NOT EXISTS (SELECT 1 FROM records.documents d2 WHERE d2.patient_request_id = r.id AND d2.user_id = $1)
      ORDER BY r.created_at DESC, r.id DESC LIMIT $2)`;
  // Stars: the owner's own, or the viewer's separate star on a shared record.
  const starred = f.shared
    ? `EXISTS (SELECT 1 FROM records.shared_stars st WHERE st.user_id = $1 AND st.patient_request_id = p.patient_request_id
        AND st.item = CASE WHEN p.kind = 'study' THEN 'study:' || p.study_instance_uid ELSE 'document:' || p.id END)`
    : `EXISTS (SELECT 1 FROM records.stars st WHERE st.user_id = $1 AND st.response_id = p.id)`;
  const sql = `WITH page AS (SELECT * FROM (${studies} UNION ALL ${documents}${requests}) u ORDER BY u.created_at DESC, u.id DESC LIMIT $2)
    SELECT p.*, p.created_at::text AS key_created,
      r.person_id, r.custodian_id, r.custodian_name, r.status, r.doc_req_types, r.manual_upload, r.record_name, r.exam_date::text AS exam_date,
      COALESCE(NULLIF(concat_ws(' ', r.patient_first_name, r.patient_last_name), ''), (SELECT concat_ws(' ', h.first_name, h.last_name) FROM records.account_holders h WHERE h.user_id = p.owner_user_id)) AS patient_name,
      ${starred} AS starred,
      ${
        f.shared
          ? `'{}'::text[]`
          : `ARRAY(SELECT a.name FROM records.shared_access a WHERE a.owner_user_id = p.owner_user_id AND ${liveGrantSql('a')} AND p.kind <> 'request'
        AND (a.all_records OR EXISTS (SELECT 1 FROM records.shared_access_items i WHERE i.recipient_id = a.recipient_id AND i.patient_request_id = p.patient_request_id
          AND (i.study_uid = p.study_instance_uid OR i.document_id = p.id::text))) ORDER BY a.name)`
      } AS shared_with,
      EXISTS (SELECT 1 FROM records.documents a WHERE a.patient_request_id = p.patient_request_id AND a.user_id = p.owner_user_id) AS has_attachments
    FROM page p
    LEFT JOIN records.library_requests r ON r.id = p.patient_request_id AND r.user_id = p.owner_user_id
    ORDER BY p.created_at DESC, p.id DESC`;
  return { sql, params };
};

/** All SQL on grid snapshots: the snapshot row, its pre-serialised chunks, and the keyset pages they are built from. */
@Injectable()
export class GridRepository {
  async createSnapshot(
    db: Queryable,
    id: string,
    userId: string,
    query: object,
    ttlSeconds: number,
  ): Promise<void> {
    await db.query(
      `INSERT INTO records.grid_snapshots (id, user_id, query, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [id, userId, JSON.stringify(query), ttlSeconds],
    );
  }

  /** Expired snapshots (and their chunks), a bounded number at a time. */
  async deleteExpired(db: Queryable, limit = 50): Promise<void> {
    await db.query(
      `DELETE FROM records.grid_snapshots WHERE id IN (SELECT id FROM records.grid_snapshots WHERE expires_at < now() LIMIT $1)`,
      [limit],
    );
  }

  readPage(
    db: Queryable,
    filter: GridFilter,
    after: GridKey | null,
    limit: number,
  ): Promise<GridSourceRow[]> {
    const { sql, params } = gridPageSql(filter, after, limit);
    return db.query(sql, params);
  }

  async insertChunk(
    db: Queryable,
    snapshotId: string,
    offset: number,
    rowCount: number,
    rows: string,
  ): Promise<void> {
    await db.query(
      `INSERT INTO records.grid_chunks (snapshot_id, chunk_offset, row_count, rows) VALUES ($1, $2, $3, $4)`,
      [snapshotId, offset, rowCount, rows],
    );
  }

  async markReady(db: Queryable, snapshotId: string, total: number): Promise<void> {
    await db.query(`UPDATE records.grid_snapshots SET status = 'ready', total = $2 WHERE id = $1`, [
      snapshotId,
      total,
    ]);
  }

  async markFailed(db: Queryable, snapshotId: string, error: string): Promise<void> {
    await db.query(
      `UPDATE records.grid_snapshots SET status = 'failed', error = $2 WHERE id = $1 AND status = 'building'`,
      [snapshotId, error],
    );
  }

  /** The state of this user's live snapshot, or null (missing, expired or another user's). */
  async findState(db: Queryable, snapshotId: string, userId: string): Promise<SnapshotState | null> {
    const [row] = await db.query(
      `SELECT status, total, error FROM records.grid_snapshots WHERE id = $1 AND user_id = $2 AND expires_at > now()`,
      [snapshotId, userId],
    );
    return row ?? null;
  }

  /** One stored chunk with its snapshot's state (chunk null past the end), or null when the snapshot is not this user's live one. */
  async readChunk(
    db: Queryable,
    snapshotId: string,
    userId: string,
    offset: number,
  ): Promise<ChunkRead | null> {
    const [row] = await db.query(
      `SELECT g.status, g.total, g.error, c.rows, c.row_count FROM records.grid_snapshots g
       LEFT JOIN records.grid_chunks c ON c.snapshot_id = g.id AND c.chunk_offset = $3
       WHERE g.id = $1 AND g.user_id = $2 AND g.expires_at > now()`,
      [snapshotId, userId, offset],
    );
    return row ?? null;
  }

  /** The stored chunks that cover [from, to), in order. */
  readChunks(
    db: Queryable,
    snapshotId: string,
    from: number,
    to: number,
  ): Promise<Array<{ chunk_offset: number; rows: string }>> {
    return db.query(
      `SELECT chunk_offset, rows FROM records.grid_chunks WHERE snapshot_id = $1 AND chunk_offset >= $2 AND chunk_offset < $3 ORDER BY chunk_offset`,
      [snapshotId, from, to],
    );
  }
}
