import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';
import type { LibraryRow } from './patient-request.mapper';

export interface NewLibraryDocument {
  id: string;
  documentRequestId: string;
  documentRequestType: string;
  fileName: string;
  key: string;
  contentType: string;
  size: number;
}

export interface LibraryDocumentRow {
  id: string;
  file_name: string;
  content_type: string;
  document_request_id: string | null;
  document_request_type: string;
  created_at: Date;
}

/** A request with its studies (newest study first) and its documents, as JSON arrays; $1 is the owner. */
const WITH_RESPONSES = `SELECT r.*, (SELECT json_agg(s ORDER BY s.study_date DESC) FROM records.studies s WHERE s.patient_request_id = r.id AND s.user_id = r.user_id) AS studies,
     (SELECT json_agg(json_build_object('id', d.id, 'file_name', d.file_name, 'document_request_id', d.document_request_id, 'document_request_type', d.document_request_type,
        'created_at', d.created_at) ORDER BY d.created_at, d.file_name) FROM records.documents d WHERE d.patient_request_id = r.id AND d.user_id = r.user_id) AS documents
   FROM records.library_requests r`;

/**
 * All SQL on the patient's library: a local projection of the requests context's patient requests
 * (library_requests) and the imaging context's stored studies (studies), built from their events.
 */
@Injectable()
export class LibraryRepository {
  /** A request as last announced; a repeated announcement updates its status and facility name. */
  async upsertRequest(tx: Queryable, p: EventPayloads['requests.patient-request-submitted']): Promise<void> {
    await tx.query(
      `INSERT INTO records.library_requests (id, user_id, person_id, custodian_id, custodian_name, status, doc_req_types, created_at, patient_first_name, patient_last_name, mrn, requested_study)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)
       ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, custodian_name = EXCLUDED.custodian_name,
         patient_first_name = EXCLUDED.patient_first_name, patient_last_name = EXCLUDED.patient_last_name,
         mrn = EXCLUDED.mrn, requested_study = EXCLUDED.requested_study`,
      [
        p.patientRequestId,
        p.userId,
        p.personId,
        p.custodianId,
        p.custodianName,
        p.status,
        p.docReqTypes,
        p.createdAt,
        p.patient?.firstName ?? null,
        p.patient?.lastName ?? null,
        p.mrn?.trim() || null,
        p.requestedStudy ? JSON.stringify(p.requestedStudy) : null,
      ],
    );
  }

  /** A study of a user, once per study instance UID; a later announcement updates its instance count. */
  async upsertStudy(tx: Queryable, id: string, p: EventPayloads['imaging.study-stored']): Promise<void> {
    await tx.query(
      `INSERT INTO records.studies (id, user_id, patient_request_id, study_instance_uid, modality, study_description, study_date, total_instances)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8)
       ON CONFLICT (user_id, study_instance_uid) DO UPDATE SET total_instances = EXCLUDED.total_instances`,
      [
        id,
        p.userId,
        p.patientRequestId,
        p.studyInstanceUid,
        p.modality,
        p.studyDescription,
        p.studyDate,
        p.numberOfInstances,
      ],
    );
  }

  /** The status the requests context announced (it owns statuses), unless a newer one arrived first. */
  async setRequestStatus(
    tx: Queryable,
    patientRequestId: string,
    userId: string,
    status: string,
    at: string,
  ): Promise<void> {
    await tx.query(
      `UPDATE records.library_requests SET status = $3, status_at = $4 WHERE id = $1 AND user_id = $2 AND (status_at IS NULL OR status_at <= $4)`,
      [patientRequestId, userId, status, at],
    );
  }

  /** Library documents of a delivery, once per provider document. */
  async insertDocuments(
    tx: Queryable,
    userId: string,
    patientRequestId: string,
    createdAt: string,
    docs: NewLibraryDocument[],
  ): Promise<void> {
    if (!docs.length) return;
    const col = <T>(f: (d: NewLibraryDocument) => T) => docs.map(f);
    await tx.query(
      `INSERT INTO records.documents (id, user_id, patient_request_id, document_request_id, document_request_type, file_name, blob_key, content_type, size, created_at)
       SELECT i, $1, $2, dr, t, f, k, c, s, $3 FROM unnest($4::uuid[], $5::uuid[], $6::text[], $7::text[], $8::text[], $9::text[], $10::bigint[]) AS x(i, dr, t, f, k, c, s)
       ON CONFLICT (id) DO NOTHING`,
      [
        userId,
        patientRequestId,
        createdAt,
        col((d) => d.id),
        col((d) => d.documentRequestId),
        col((d) => d.documentRequestType),
        col((d) => d.fileName),
        col((d) => d.key),
        col((d) => d.contentType),
        col((d) => d.size),
      ],
    );
  }

  /** A library document of this owner, or null (another user's document looks exactly like a missing one). */
  async findOwnedDocument(
    db: Queryable,
    documentId: string,
    userId: string,
  ): Promise<{
    id: string;
    patient_request_id: string;
    file_name: string;
    blob_key: string;
    content_type: string;
  } | null> {
    const [row] = await db.query(
      `SELECT id, patient_request_id, file_name, blob_key, content_type FROM records.documents WHERE id = $1 AND user_id = $2`,
      [documentId, userId],
    );
    return row ?? null;
  }

  /** A user's requests, newest first, each with its studies (newest study first) and documents in one query. */
  listWithStudies(db: Queryable, userId: string, limit: number | null = null): Promise<LibraryRow[]> {
    return db.query(`${WITH_RESPONSES} WHERE r.user_id = $1 ORDER BY r.created_at DESC LIMIT $2`, [
      userId,
      limit,
    ]);
  }

  /** One request of this owner with its studies and documents, or null (another user's request looks exactly like a missing one). */
  async findOwnedRequest(
    db: Queryable,
    patientRequestId: string,
    userId: string,
  ): Promise<LibraryRow | null> {
    const [row] = await db.query(`${WITH_RESPONSES} WHERE r.id = $2 AND r.user_id = $1`, [
      userId,
      patientRequestId,
    ]);
    return row ?? null;
  }

  /** How many studies and documents (by document request type) a request of this owner has. */
  async countResponses(
    db: Queryable,
    patientRequestId: string,
    userId: string,
  ): Promise<{ studies: number; byType: Record<string, number> }> {
    const [row] = await db.query(
      `SELECT (SELECT count(*)::int FROM records.studies s WHERE s.patient_request_id = $1 AND s.user_id = $2) AS studies,
         (SELECT COALESCE(json_object_agg(t.document_request_type, t.n), '{}'::json) FROM (SELECT d.document_request_type, count(*)::int AS n FROM records.documents d
            WHERE d.patient_request_id = $1 AND d.user_id = $2 GROUP BY d.document_request_type) t) AS by_type`,
      [patientRequestId, userId],
    );
    return { studies: row.studies, byType: row.by_type };
  }

  /** A document of one document request of one request of this owner, or null. */
  async findRequestDocument(
    db: Queryable,
    userId: string,
    patientRequestId: string,
    documentRequestId: string,
    documentId: string,
  ): Promise<LibraryDocumentRow | null> {
    const [row] = await db.query(
      `SELECT id, file_name, content_type, document_request_id, document_request_type, created_at FROM records.documents
       WHERE id = $1 AND user_id = $2 AND patient_request_id = $3 AND document_request_id = $4`,
      [documentId, userId, patientRequestId, documentRequestId],
    );
    return row ?? null;
  }

  /** The UIDs of the user's own studies (those added since `since` when given), oldest first: Download everything's zips. */
  async ownStudyUids(db: Queryable, userId: string, since: Date | null): Promise<string[]> {
    const rows: Array<{ uid: string }> = await db.query(
      `SELECT study_instance_uid AS uid FROM records.studies WHERE user_id = $1 AND ($2::timestamptz IS NULL OR created_at >= $2)
       ORDER BY created_at, study_instance_uid`,
      [userId, since],
    );
    return rows.map((r) => r.uid);
  }
}
