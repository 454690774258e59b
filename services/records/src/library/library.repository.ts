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

/**
 * All SQL on the patient's library: a local projection of the requests context's patient requests
 * (library_requests) and the imaging context's stored studies (studies), built from their events.
 */
@Injectable()
export class LibraryRepository {
  /** A request as last announced; a repeated announcement updates its status and facility name. */
  async upsertRequest(tx: Queryable, p: EventPayloads['requests.patient-request-submitted']): Promise<void> {
    await tx.query(
      `INSERT INTO records.library_requests (id, user_id, person_id, custodian_id, custodian_name, status, doc_req_types, created_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8)
       ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, custodian_name = EXCLUDED.custodian_name`,
      [p.patientRequestId, p.userId, p.personId, p.custodianId, p.custodianName, p.status, p.docReqTypes, p.createdAt],
    );
  }

  /** A study of a user, once per study instance UID; a later announcement updates its instance count. */
  async upsertStudy(tx: Queryable, id: string, p: EventPayloads['imaging.study-stored']): Promise<void> {
    await tx.query(
      `INSERT INTO records.studies (id, user_id, patient_request_id, study_instance_uid, modality, study_description, study_date, total_instances)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8)
       ON CONFLICT (user_id, study_instance_uid) DO UPDATE SET total_instances = EXCLUDED.total_instances`,
      [id, p.userId, p.patientRequestId, p.studyInstanceUid, p.modality, p.studyDescription, p.studyDate, p.numberOfInstances],
    );
  }

  /** The status the requests context announced (it owns statuses), unless a newer one arrived first. */
  async setRequestStatus(tx: Queryable, patientRequestId: string, userId: string, status: string, at: string): Promise<void> {
    await tx.query(
      `UPDATE records.library_requests SET status = $3, status_at = $4 WHERE id = $1 AND user_id = $2 AND (status_at IS NULL OR status_at <= $4)`,
      [patientRequestId, userId, status, at],
    );
  }

  /** Library documents of a delivery, once per provider document. */
  async insertDocuments(tx: Queryable, userId: string, patientRequestId: string, createdAt: string, docs: NewLibraryDocument[]): Promise<void> {
    if (!docs.length) return;
    const col = <T>(f: (d: NewLibraryDocument) => T) => docs.map(f);
    await tx.query(
      `INSERT INTO records.documents (id, user_id, patient_request_id, document_request_id, document_request_type, file_name, blob_key, content_type, size, created_at)
       SELECT i, $1, $2, dr, t, f, k, c, s, $3 FROM unnest($4::uuid[], $5::uuid[], $6::text[], $7::text[], $8::text[], $9::text[], $10::bigint[]) AS x(i, dr, t, f, k, c, s)
       ON CONFLICT (id) DO NOTHING`,
      [userId, patientRequestId, createdAt, col((d) => d.id), col((d) => d.documentRequestId), col((d) => d.documentRequestType), col((d) => d.fileName), col((d) => d.key), col((d) => d.contentType), col((d) => d.size)],
    );
  }

  /** A library document of this owner, or null (another user's document looks exactly like a missing one). */
  async findOwnedDocument(db: Queryable, documentId: string, userId: string): Promise<{ id: string; patient_request_id: string; file_name: string; blob_key: string; content_type: string } | null> {
    const [row] = await db.query(`SELECT id, patient_request_id, file_name, blob_key, content_type FROM records.documents WHERE id = $1 AND user_id = $2`, [documentId, userId]);
    return row ?? null;
  }

  /** A user's requests, newest first, each with its studies (newest study first) and documents in one query. */
  listWithStudies(db: Queryable, userId: string): Promise<LibraryRow[]> {
    return db.query(
      `SELECT r.*, (SELECT json_agg(s ORDER BY s.study_date DESC) FROM records.studies s WHERE s.patient_request_id = r.id AND s.user_id = r.user_id) AS studies,
         (SELECT json_agg(json_build_object('id', d.id, 'file_name', d.file_name, 'document_request_id', d.document_request_id, 'document_request_type', d.document_request_type,
            'created_at', d.created_at) ORDER BY d.created_at, d.file_name) FROM records.documents d WHERE d.patient_request_id = r.id AND d.user_id = r.user_id) AS documents
       FROM records.library_requests r WHERE r.user_id = $1 ORDER BY r.created_at DESC`,
      [userId],
    );
  }
}
