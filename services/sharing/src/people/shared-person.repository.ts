import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { ShareableRecord, SharedRecordRef, SharedRecordSummary, SharedPerson } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';

/** A shared person as sharing keeps them. */
export interface SharedPersonRow {
  id: string;
  owner_user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  relationship: string;
  relationship_id: number | null;
  all_records: boolean;
  is_enabled: boolean;
  recipient_user_id: string | null;
  expires_at: Date | null;
  last_opened_at: Date | null;
  open_count: number;
  accessed_notified_at: Date | null;
  version: string;
}

export interface ListedRow extends SharedPersonRow {
  n: number;
  sees?: boolean;
}

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

/** The shared person shape of the spec: how many studies are shared, or 'All Records'. */
export const toSharedPerson = (r: ListedRow): SharedPerson => ({
  firstName: r.first_name,
  lastName: r.last_name,
  name: `${r.first_name} ${r.last_name}`,
  email: r.email,
  relationship: r.relationship,
  relationshipId: r.relationship_id,
  // In a record's recipient list, whether the person sees that record; in the people list, whether sharing is on at all.
  is_enabled: r.sees ?? (r.is_enabled && (r.all_records || r.n > 0)),
  patient_portal_user_id: r.id,
  study_count: r.all_records ? 'All Records' : r.n,
  expires_at: iso(r.expires_at),
  last_opened_at: iso(r.last_opened_at),
  open_count: r.open_count,
});

/** One grant row: the record's key columns. */
const GRANT_KEY = `coalesce(study_instance_uid, ''), coalesce(document_id, '')`;
/** Whether grant g is the record ($2 patient request, $3 study, $4 document). */
const SAME_RECORD = `g.patient_request_id = $2 AND coalesce(g.study_instance_uid, '') = coalesce($3, '') AND coalesce(g.document_id, '') = coalesce($4, '')`;
const COUNT = `(SELECT count(*)::int FROM sharing.grants g WHERE g.recipient_id = r.id) AS n`;

/** All SQL on the people a patient shares with and what each was granted. */
@Injectable()
export class SharedPersonRepository {
  async listByOwner(db: Queryable, ownerUserId: string): Promise<SharedPerson[]> {
    return (await this.rowsByOwner(db, ownerUserId)).map(toSharedPerson);
  }

  /** Every person of the owner, oldest first, with how many records each was granted. */
  rowsByOwner(db: Queryable, ownerUserId: string): Promise<ListedRow[]> {
    return db.query(
      `SELECT r.*, ${COUNT} FROM sharing.recipients r WHERE r.owner_user_id = $1 ORDER BY r.created_at, r.id`,
      [ownerUserId],
    );
  }

  find(db: Queryable, ownerUserId: string, id: string): Promise<SharedPersonRow | null> {
    return db
      .query(`SELECT * FROM sharing.recipients WHERE id::text = $2 AND owner_user_id = $1`, [ownerUserId, id])
      .then((r: SharedPersonRow[]) => r[0] ?? null);
  }

  /** The row, locked for a change in this transaction. */
  lock(db: Queryable, ownerUserId: string, id: string): Promise<SharedPersonRow | null> {
    return db
      .query(`SELECT * FROM sharing.recipients WHERE id::text = $2 AND owner_user_id = $1 FOR UPDATE`, [
        ownerUserId,
        id,
      ])
      .then((r: SharedPersonRow[]) => r[0] ?? null);
  }

  lockByEmail(db: Queryable, ownerUserId: string, email: string): Promise<SharedPersonRow | null> {
    return db
      .query(
        `SELECT * FROM sharing.recipients WHERE owner_user_id = $1 AND lower(email) = lower($2) FOR UPDATE`,
        [ownerUserId, email],
      )
      .then((r: SharedPersonRow[]) => r[0] ?? null);
  }

  /** The people invited at an address (any owner), locked: an account with that address has just appeared. */
  lockAllByEmail(db: Queryable, email: string): Promise<SharedPersonRow[]> {
    return db.query(
      `SELECT * FROM sharing.recipients WHERE lower(email) = lower($1) ORDER BY id FOR UPDATE`,
      [email],
    );
  }

  /** The person an owner shares with who holds this account. */
  findByViewer(db: Queryable, ownerUserId: string, viewerUserId: string): Promise<SharedPersonRow | null> {
    return db
      .query(
        `SELECT * FROM sharing.recipients WHERE owner_user_id = $1 AND recipient_user_id = $2 FOR UPDATE`,
        [ownerUserId, viewerUserId],
      )
      .then((r: SharedPersonRow[]) => r[0] ?? null);
  }

  async insert(
    db: Queryable,
    r: {
      ownerUserId: string;
      firstName: string;
      lastName: string;
      email: string;
      relationship: string;
      relationshipId: number | null;
      allRecords: boolean;
      recipientUserId: string | null;
      expiresAt: Date | null;
    },
  ): Promise<SharedPersonRow> {
    const [row] = await db.query(
      `INSERT INTO sharing.recipients (id, owner_user_id, first_name, last_name, email, relationship, relationship_id, all_records, recipient_user_id, expires_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) RETURNING *`,
      [
        randomUUID(),
        r.ownerUserId,
        r.firstName,
        r.lastName,
        r.email.toLowerCase(),
        r.relationship,
        r.relationshipId,
        r.allRecords,
        r.recipientUserId,
        r.expiresAt,
      ],
    );
    return row;
  }

  /** Saves what changed and bumps the version the access snapshot carries. */
  async update(
    db: Queryable,
    id: string,
    set: Partial<{
      all_records: boolean;
      is_enabled: boolean;
      expires_at: Date | null;
      recipient_user_id: string | null;
      first_name: string;
      last_name: string;
      relationship: string;
      relationship_id: number | null;
    }>,
  ): Promise<void> {
    const cols = Object.keys(set);
    const assignments = cols.map((c, i) => `${c} = $${i + 2}`);
    await db.query(
      `UPDATE sharing.recipients SET ${[...assignments, 'version = version + 1', 'updated_at = now()'].join(', ')} WHERE id = $1`,
      [id, ...cols.map((c) => (set as Record<string, unknown>)[c])],
    );
  }

  async delete(db: Queryable, id: string): Promise<void> {
    await db.query(`DELETE FROM sharing.recipients WHERE id = $1`, [id]);
  }

  grantsOf(db: Queryable, recipientId: string): Promise<SharedRecordRef[]> {
    return db.query(
      `SELECT patient_request_id AS "patientRequestId", study_instance_uid AS "studyUid", document_id AS "documentId"
       FROM sharing.grants WHERE recipient_id = $1 ORDER BY created_at, ${GRANT_KEY}`,
      [recipientId],
    );
  }

  async addGrants(db: Queryable, recipientId: string, records: SharedRecordRef[]): Promise<void> {
    if (!records.length) return;
    await db.query(
      `INSERT INTO sharing.grants (recipient_id, patient_request_id, study_instance_uid, document_id)
       SELECT $1, x.p, x.s, x.d FROM unnest($2::uuid[], $3::text[], $4::text[]) AS x(p, s, d)
       ON CONFLICT (recipient_id, patient_request_id, ${GRANT_KEY}) DO NOTHING`,
      [
        recipientId,
        records.map((r) => r.patientRequestId),
        records.map((r) => r.studyUid),
        records.map((r) => r.documentId),
      ],
    );
  }

  async removeGrant(db: Queryable, recipientId: string, record: SharedRecordRef): Promise<void> {
    await db.query(`DELETE FROM sharing.grants g WHERE g.recipient_id = $1 AND ${SAME_RECORD}`, [
      recipientId,
      record.patientRequestId,
      record.studyUid,
      record.documentId,
    ]);
  }

  /** removeAccess names a record by study UID or document id alone: every grant of that study or document goes. */
  async removeMatching(
    db: Queryable,
    recipientId: string,
    studyUid: string | null,
    documentId: string | null,
  ): Promise<void> {
    await db.query(
      `DELETE FROM sharing.grants WHERE recipient_id = $1 AND (($2::text IS NOT NULL AND study_instance_uid = $2) OR ($3::text IS NOT NULL AND document_id = $3))`,
      [recipientId, studyUid, documentId],
    );
  }

  async removeAllGrants(db: Queryable, recipientId: string): Promise<void> {
    await db.query(`DELETE FROM sharing.grants WHERE recipient_id = $1`, [recipientId]);
  }

  /** Links every invitation at this address to the account (any owner's). */
  async linkAccount(db: Queryable, recipientIds: string[], userId: string): Promise<void> {
    await db.query(
      `UPDATE sharing.recipients SET recipient_user_id = $2, version = version + 1, updated_at = now() WHERE id = ANY($1::uuid[])`,
      [recipientIds, userId],
    );
  }

  /** One opening of a shared record: the person's and the record's last opened and count; answers whether it was the first access told of. */
  async recordUse(
    db: Queryable,
    recipientId: string,
    record: { patientRequestId: string | null; studyUid: string | null; documentId: string | null },
    at: string,
  ): Promise<void> {
    await db.query(
      `UPDATE sharing.recipients SET last_opened_at = greatest(coalesce(last_opened_at, $2), $2), open_count = open_count + 1 WHERE id = $1`,
      [recipientId, at],
    );
    // The viewer names a study by UID alone (its request may be unknown there), a report by its request.
    await db.query(
      `UPDATE sharing.grants g SET last_opened_at = greatest(coalesce(g.last_opened_at, $5), $5), open_count = g.open_count + 1
       WHERE g.recipient_id = $1 AND ($2::text IS NULL OR g.patient_request_id::text = $2)
         AND (($3::text IS NOT NULL AND g.study_instance_uid = $3) OR ($4::text IS NOT NULL AND g.document_id = $4) OR ($3::text IS NULL AND $4::text IS NULL))`,
      [recipientId, record.patientRequestId, record.studyUid, record.documentId, at],
    );
  }

  async markAccessNotified(db: Queryable, recipientId: string): Promise<void> {
    await db.query(`UPDATE sharing.recipients SET accessed_notified_at = now() WHERE id = $1`, [recipientId]);
  }

  /** The owner's studies that can be shared (those of a patient request), newest first. */
  shareableRecords(db: Queryable, ownerUserId: string): Promise<ShareableRecord[]> {
    return db.query(
      `SELECT s.patient_request_id AS "patientRequestId", s.study_instance_uid AS "studyUid", NULL AS "documentId", s.modality, s.study_description,
         s.study_date::text AS study_date, p.custodian_name AS facility_name
       FROM sharing.library_studies s LEFT JOIN sharing.request_parties p ON p.patient_request_id = s.patient_request_id
       WHERE s.owner_user_id = $1 AND s.patient_request_id IS NOT NULL ORDER BY s.study_date DESC NULLS LAST, s.created_at DESC`,
      [ownerUserId],
    );
  }

  /**
   * What a person sees, for sharing details: every study of the owner for all records, else the grants;
   * each with its library data and this person's use of it.
   */
  sharedRecords(db: Queryable, r: SharedPersonRow): Promise<SharedRecordSummary[]> {
    return db
      .query(
        `WITH items AS (
         SELECT s.patient_request_id, s.study_instance_uid, NULL::text AS document_id, NULL::timestamptz AS last_opened_at, 0 AS open_count
           FROM sharing.library_studies s WHERE $2 AND s.owner_user_id = $3 AND s.patient_request_id IS NOT NULL
         UNION ALL
         SELECT g.patient_request_id, g.study_instance_uid, g.document_id, g.last_opened_at, g.open_count FROM sharing.grants g WHERE NOT $2 AND g.recipient_id = $1)
       SELECT i.patient_request_id AS "patientRequestId", i.study_instance_uid AS "studyUid", i.document_id AS "documentId",
         s.modality, s.study_description, s.study_date::text AS study_date, p.custodian_name AS facility_name,
         i.last_opened_at, i.open_count
       FROM items i
       LEFT JOIN sharing.library_studies s ON s.owner_user_id = $3 AND s.study_instance_uid = i.study_instance_uid
       LEFT JOIN sharing.request_parties p ON p.patient_request_id = i.patient_request_id
       ORDER BY s.study_date DESC NULLS LAST, i.patient_request_id, i.study_instance_uid`,
        [r.id, r.all_records, r.owner_user_id],
      )
      .then((rows: Array<SharedRecordSummary & { last_opened_at: Date | string | null }>) =>
        rows.map((x) => ({
          ...x,
          last_opened_at: x.last_opened_at ? new Date(x.last_opened_at).toISOString() : null,
        })),
      );
  }
}
