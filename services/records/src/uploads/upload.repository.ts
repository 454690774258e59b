import { Injectable } from '@nestjs/common';
import type { RecordType } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';

/** The prefix of every self-uploaded file of a user: a kept key must start with it. */
export const selfUploadPrefix = (userId: string): string => `records/self/${userId}`;

export interface NewSelfUpload {
  patientRequestId: string;
  userId: string;
  personId: string;
  firstName: string | null;
  lastName: string | null;
  recordType: RecordType;
  recordName: string;
  /** YYYY-MM-DD (day 01 of the exam month). */
  examDate: string;
  createdAt: Date;
  key: string;
  /** The library document of a REPORTS or OTHERS upload (IMAGES become studies through imaging). */
  document: { id: string; fileName: string; contentType: string; size: number } | null;
}

/** All SQL of self uploads: the request the records context makes itself, its used key and its document. */
@Injectable()
export class SelfUploadRepository {
  async isKeyUsed(db: Queryable, key: string): Promise<boolean> {
    const rows = await db.query(`SELECT 1 FROM records.upload_keys WHERE key = $1`, [key]);
    return rows.length > 0;
  }

  /** The request (status Completed, no facility), the used key and the document, in the caller's transaction. A used key fails with 23505. */
  async insert(tx: Queryable, u: NewSelfUpload): Promise<void> {
    await tx.query(
      `INSERT INTO records.library_requests (id, user_id, person_id, custodian_id, custodian_name, status, doc_req_types, created_at, status_at,
         patient_first_name, patient_last_name, manual_upload, record_name, exam_date)
       VALUES ($1,$2,$3,NULL,NULL,'Completed',$4,$5,$5,$6,$7,true,$8,$9)`,
      [
        u.patientRequestId,
        u.userId,
        u.personId,
        [u.recordType],
        u.createdAt,
        u.firstName,
        u.lastName,
        u.recordName,
        u.examDate,
      ],
    );
    await tx.query(`INSERT INTO records.upload_keys (key, user_id, patient_request_id) VALUES ($1,$2,$3)`, [
      u.key,
      u.userId,
      u.patientRequestId,
    ]);
    if (u.document) {
      await tx.query(
        `INSERT INTO records.documents (id, user_id, patient_request_id, document_request_id, document_request_type, file_name, blob_key, content_type, size, created_at)
         VALUES ($1,$2,$3,NULL,$4,$5,$6,$7,$8,$9)`,
        [
          u.document.id,
          u.userId,
          u.patientRequestId,
          u.recordType,
          u.document.fileName,
          u.key,
          u.document.contentType,
          u.document.size,
          u.createdAt,
        ],
      );
    }
  }

  /** Whether a request of this id exists already (the demo seed keeps its self uploads once). */
  async requestExists(db: Queryable, patientRequestId: string): Promise<boolean> {
    const rows = await db.query(`SELECT 1 FROM records.library_requests WHERE id = $1`, [patientRequestId]);
    return rows.length > 0;
  }
}
