import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';

export interface OwnedRequest {
  id: string;
  user_id: string;
  custodian_name: string | null;
  manual_upload: boolean;
  record_name: string | null;
  /** YYYY-MM-DD. */
  exam_date: string | null;
  created_at: Date;
  patient_first_name: string | null;
  patient_last_name: string | null;
  holder_first_name: string | null;
  holder_last_name: string | null;
}

export interface OwnedStudy {
  id: string;
  study_instance_uid: string;
  modality: string;
  study_description: string;
  /** YYYY-MM-DD. */
  study_date: string | null;
  total_instances: number;
}

export interface OwnedDocument {
  id: string;
  patient_request_id: string;
  document_request_id: string | null;
  document_request_type: string;
  file_name: string;
  blob_key: string;
  content_type: string;
  created_at: Date;
}

export interface DownloadGrant {
  identifier: string;
  user_id: string;
  blob_key: string;
  file_name: string;
  content_type: string;
}

const DOCUMENT_COLUMNS = `id, patient_request_id, document_request_id, document_request_type, file_name, blob_key, content_type, created_at`;

/** All SQL of attachments and download identifiers; every read names the owner, so another user's id is a missing one. */
@Injectable()
export class AttachmentRepository {
  async findOwnedRequest(
    db: Queryable,
    userId: string,
    patientRequestId: string,
  ): Promise<OwnedRequest | null> {
    const [row] = await db.query(
      `SELECT r.id, r.user_id, r.custodian_name, r.manual_upload, r.record_name, to_char(r.exam_date, 'YYYY-MM-DD') AS exam_date, r.created_at,
         r.patient_first_name, r.patient_last_name, h.first_name AS holder_first_name, h.last_name AS holder_last_name
       FROM records.library_requests r LEFT JOIN records.account_holders h ON h.user_id = r.user_id
       WHERE r.id = $1 AND r.user_id = $2`,
      [patientRequestId, userId],
    );
    return row ?? null;
  }

  async findStudy(
    db: Queryable,
    userId: string,
    patientRequestId: string,
    studyId: string,
  ): Promise<OwnedStudy | null> {
    const [row] = await db.query(
      `SELECT id, study_instance_uid, modality, study_description, to_char(study_date, 'YYYY-MM-DD') AS study_date, total_instances
       FROM records.studies WHERE id = $1 AND user_id = $2 AND patient_request_id = $3`,
      [studyId, userId, patientRequestId],
    );
    return row ?? null;
  }

  async findDocument(
    db: Queryable,
    userId: string,
    patientRequestId: string,
    documentId: string,
  ): Promise<OwnedDocument | null> {
    const [row] = await db.query(
      `SELECT ${DOCUMENT_COLUMNS} FROM records.documents WHERE id = $1 AND user_id = $2 AND patient_request_id = $3`,
      [documentId, userId, patientRequestId],
    );
    return row ?? null;
  }

  /** The documents of a request: reports first, then by arrival and name. */
  listDocuments(db: Queryable, userId: string, patientRequestId: string): Promise<OwnedDocument[]> {
    return db.query(
      `SELECT ${DOCUMENT_COLUMNS} FROM records.documents WHERE patient_request_id = $1 AND user_id = $2
       ORDER BY (document_request_type = 'REPORTS') DESC, created_at, file_name, id`,
      [patientRequestId, userId],
    );
  }

  /** A new download identifier; the user's expired ones are dropped on the way. */
  async insertGrant(db: Queryable, grant: DownloadGrant, expiresAt: Date): Promise<void> {
    await db.query(`DELETE FROM records.download_identifiers WHERE user_id = $1 AND expires_at < now()`, [
      grant.user_id,
    ]);
    await db.query(
      `INSERT INTO records.download_identifiers (identifier, user_id, blob_key, file_name, content_type, expires_at) VALUES ($1,$2,$3,$4,$5,$6)`,
      [grant.identifier, grant.user_id, grant.blob_key, grant.file_name, grant.content_type, expiresAt],
    );
  }

  /** An identifier that has not expired, or null. */
  async findGrant(db: Queryable, identifier: string): Promise<DownloadGrant | null> {
    const [row] = await db.query(
      `SELECT identifier, user_id, blob_key, file_name, content_type FROM records.download_identifiers WHERE identifier = $1 AND expires_at > now()`,
      [identifier],
    );
    return row ?? null;
  }
}
