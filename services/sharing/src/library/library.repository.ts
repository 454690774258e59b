import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import { type Queryable, returning } from '@portal/server-kit';

/** The name a self upload's request shows as its organization on the public page (it has no facility). */
export const SELF_UPLOADED = 'Self Uploaded';

/** A study of a link as the public page shows it, with its request's parties. */
export interface LinkedStudyRow {
  id: string;
  study_instance_uid: string;
  patient_request_id: string | null;
  modality: string;
  study_description: string;
  study_date: string | null;
  number_of_instances: number;
  created_at: Date;
  custodian_id: string | null;
  custodian_name: string | null;
  patient_first_name: string | null;
  patient_last_name: string | null;
}

/** An owner's studies with their request's facility and patient (the account holder for a self upload). */
const LINKED_STUDIES = `SELECT s.id, s.study_instance_uid, s.patient_request_id, s.modality, s.study_description, s.study_date::text AS study_date, s.number_of_instances, s.created_at,
    p.custodian_id, p.custodian_name, coalesce(p.patient_first_name, h.first_name) AS patient_first_name, coalesce(p.patient_last_name, h.last_name) AS patient_last_name
  FROM sharing.library_studies s
  LEFT JOIN sharing.request_parties p ON p.patient_request_id = s.patient_request_id
  LEFT JOIN sharing.account_holders h ON h.user_id = s.owner_user_id`;

/**
 * All SQL on sharing's projections of other contexts' facts: the owners' library studies (imaging),
 * the parties of their patient requests (requests; records for self uploads) and account holders' names (auth).
 */
@Injectable()
export class LibraryRepository {
  upsertStudy(tx: Queryable, p: EventPayloads['imaging.study-stored']): Promise<unknown> {
    return tx.query(
      `INSERT INTO sharing.library_studies (id, owner_user_id, study_instance_uid, patient_request_id, modality, study_description, study_date, number_of_instances)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8)
       ON CONFLICT (owner_user_id, study_instance_uid) DO UPDATE SET number_of_instances = EXCLUDED.number_of_instances,
         patient_request_id = coalesce(sharing.library_studies.patient_request_id, EXCLUDED.patient_request_id)`,
      [
        randomUUID(),
        p.userId,
        p.studyInstanceUid,
        p.patientRequestId,
        p.modality,
        p.studyDescription,
        p.studyDate,
        p.numberOfInstances,
      ],
    );
  }

  /** A request's facility and patient; a self upload passes no patient (the account holder's name is used). */
  upsertRequestParties(
    tx: Queryable,
    r: {
      patientRequestId: string;
      ownerUserId: string;
      custodianId: string;
      custodianName: string;
      patient: { firstName: string; lastName: string } | null;
    },
  ): Promise<unknown> {
    return tx.query(
      `INSERT INTO sharing.request_parties (patient_request_id, owner_user_id, custodian_id, custodian_name, patient_first_name, patient_last_name)
       VALUES ($1,$2,$3,$4,$5,$6)
       ON CONFLICT (patient_request_id) DO UPDATE SET custodian_id = EXCLUDED.custodian_id, custodian_name = EXCLUDED.custodian_name,
         patient_first_name = EXCLUDED.patient_first_name, patient_last_name = EXCLUDED.patient_last_name`,
      [
        r.patientRequestId,
        r.ownerUserId,
        r.custodianId,
        r.custodianName,
        r.patient?.firstName ?? null,
        r.patient?.lastName ?? null,
      ],
    );
  }

  /**
   * An account as auth registered it. Its address is proved already when auth says so; a proof that
   * arrived first (another consumer) is kept while the address is the same.
   */
  upsertAccountHolder(
    tx: Queryable,
    u: { userId: string; firstName: string; lastName: string; email: string; emailVerified?: boolean },
    at: string,
  ): Promise<unknown> {
    return tx.query(
      `INSERT INTO sharing.account_holders (user_id, first_name, last_name, email, email_verified_at) VALUES ($1,$2,$3,lower($4), CASE WHEN $5 THEN $6::timestamptz END)
       ON CONFLICT (user_id) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, email = EXCLUDED.email,
         email_verified_at = CASE WHEN sharing.account_holders.email = EXCLUDED.email THEN coalesce(sharing.account_holders.email_verified_at, EXCLUDED.email_verified_at) ELSE EXCLUDED.email_verified_at END`,
      [u.userId, u.firstName, u.lastName, u.email, u.emailVerified === true, at],
    );
  }

  /** The holder's name as auth last gave it (Settings, or their first request for themself). */
  nameAccountHolder(
    tx: Queryable,
    u: { userId: string; firstName: string; lastName: string },
  ): Promise<unknown> {
    return tx.query(`UPDATE sharing.account_holders SET first_name = $2, last_name = $3 WHERE user_id = $1`, [
      u.userId,
      u.firstName,
      u.lastName,
    ]);
  }

  /**
   * The holder proved `email` at `at`: kept while it is still their address (a proof of an address the
   * account has left proves nothing now). Answers whether it is. A proof that arrives before the
   * account itself makes its row, names to follow.
   */
  async markProved(tx: Queryable, userId: string, email: string, at: string): Promise<boolean> {
    const rows = await returning<{ user_id: string }>(
      tx,
      `INSERT INTO sharing.account_holders (user_id, first_name, last_name, email, email_verified_at) VALUES ($1, '', '', lower($2), $3)
       ON CONFLICT (user_id) DO UPDATE SET email_verified_at = coalesce(sharing.account_holders.email_verified_at, EXCLUDED.email_verified_at)
       WHERE sharing.account_holders.email = EXCLUDED.email RETURNING user_id`,
      [userId, email, at],
    );
    return rows.length > 0;
  }

  /** A confirmed email change: the link reached the new address, so it is proved. */
  updateAccountEmail(tx: Queryable, userId: string, email: string, at: string): Promise<unknown> {
    return tx.query(
      `UPDATE sharing.account_holders SET email = lower($2), email_verified_at = $3 WHERE user_id = $1`,
      [userId, email, at],
    );
  }

  removeAccountHolder(tx: Queryable, userId: string): Promise<unknown> {
    return tx.query(`DELETE FROM sharing.account_holders WHERE user_id = $1`, [userId]);
  }

  /**
   * The account holding an address, if any, and whether its owner proved it: only a proved address is
   * linked to what is shared with it (an unproved one may be anybody's sign-up).
   */
  accountByEmail(
    db: Queryable,
    email: string,
  ): Promise<{
    user_id: string;
    first_name: string;
    last_name: string;
    email: string;
    proved: boolean;
  } | null> {
    return db
      .query(
        `SELECT user_id, first_name, last_name, email, email_verified_at IS NOT NULL AS proved FROM sharing.account_holders WHERE lower(email) = lower($1) LIMIT 1`,
        [email],
      )
      .then(
        (
          r: Array<{
            user_id: string;
            first_name: string;
            last_name: string;
            email: string;
            proved: boolean;
          }>,
        ) => r[0] ?? null,
      );
  }

  accountHolder(
    db: Queryable,
    userId: string,
  ): Promise<{ user_id: string; first_name: string; last_name: string; email: string | null } | null> {
    return db
      .query(`SELECT * FROM sharing.account_holders WHERE user_id = $1`, [userId])
      .then(
        (r: Array<{ user_id: string; first_name: string; last_name: string; email: string | null }>) =>
          r[0] ?? null,
      );
  }

  /**
   * How many of the records are not the owner's: a study must be one imaging announced for the owner
   * (under that request when it has one), a document must belong to one of the owner's requests.
   */
  async notOwned(
    db: Queryable,
    ownerUserId: string,
    records: Array<{ patientRequestId: string; studyUid: string | null; documentId: string | null }>,
  ): Promise<number> {
    if (!records.length) return 0;
    const [row] = await db.query(
      `SELECT count(*)::int AS n FROM unnest($2::uuid[], $3::text[]) AS x(p, s)
       WHERE NOT CASE WHEN x.s IS NOT NULL
         THEN EXISTS (SELECT 1 FROM sharing.library_studies l WHERE l.owner_user_id = $1 AND l.study_instance_uid = x.s AND (l.patient_request_id = x.p OR l.patient_request_id IS NULL))
         ELSE EXISTS (SELECT 1 FROM sharing.request_parties q WHERE q.owner_user_id = $1 AND q.patient_request_id = x.p) END`,
      [ownerUserId, records.map((r) => r.patientRequestId), records.map((r) => r.studyUid)],
    );
    return row.n;
  }

  /** Every study record of the owner (an all-records person switched off one record keeps the others). */
  ownerRecords(
    db: Queryable,
    ownerUserId: string,
  ): Promise<Array<{ patientRequestId: string; studyUid: string; documentId: null }>> {
    return db.query(
      `SELECT patient_request_id AS "patientRequestId", study_instance_uid AS "studyUid", NULL AS "documentId" FROM sharing.library_studies
       WHERE owner_user_id = $1 AND patient_request_id IS NOT NULL ORDER BY created_at, study_instance_uid`,
      [ownerUserId],
    );
  }

  /** The owner's studies of one patient request, with its parties (the printed page, a facility share). */
  requestStudies(db: Queryable, ownerUserId: string, patientRequestId: string): Promise<LinkedStudyRow[]> {
    return db.query(
      `${LINKED_STUDIES} WHERE s.owner_user_id = $1 AND s.patient_request_id = $2 ORDER BY s.study_date DESC NULLS LAST, s.study_instance_uid`,
      [ownerUserId, patientRequestId],
    );
  }

  /** The owner's studies among the uids (those imaging has announced), with their request's parties. */
  linkedStudies(db: Queryable, ownerUserId: string, studyInstanceUids: string[]): Promise<LinkedStudyRow[]> {
    return db.query(
      `${LINKED_STUDIES} WHERE s.owner_user_id = $1 AND s.study_instance_uid = ANY($2) ORDER BY s.study_date DESC NULLS LAST, s.study_instance_uid`,
      [ownerUserId, studyInstanceUids],
    );
  }
}
