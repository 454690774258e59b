import { Injectable } from '@nestjs/common';
import {
  docRequestTypeName,
  type DocRequestType,
  type ProviderDocument,
  type ProviderRecord,
} from '@portal/contracts';
import { escapeLike, type Queryable, returning } from '@portal/server-kit';

export interface StoredDocument {
  id: string;
  patient_request_id: string;
  document_request_id: string;
  document_request_type: string;
  blob_key: string;
  file_name: string;
  path: string;
  content_type: string;
  size: string | number;
  study_uid: string | null;
  study_description: string | null;
  study_date: string | null;
  modality: string | null;
  created_at: Date;
}

export type NewDocument = Omit<StoredDocument, 'created_at' | 'document_request_type'> & {
  uploaded_by: string;
};

/** Zip archives and imaging files cannot be opened in the browser (records spec §4). */
export const isOpenable = (contentType: string): boolean =>
  contentType !== 'application/dicom' && contentType !== 'application/zip';

export const toProviderDocument = (d: StoredDocument): ProviderDocument => ({
  id: d.id,
  filename: d.file_name,
  path: d.path,
  file_name: d.file_name,
  document_request: {
    id: d.document_request_id,
    document_request_type: {
      mnemonic: d.document_request_type,
      name: docRequestTypeName(d.document_request_type),
    },
  },
  content_type: d.content_type,
  size: Number(d.size),
  created: new Date(d.created_at).toISOString(),
  openable: isOpenable(d.content_type),
});

const SELECT_DOCUMENT = `SELECT doc.id, doc.patient_request_id, doc.document_request_id, r.type AS document_request_type, doc.blob_key, doc.file_name, doc.path,
  doc.content_type, doc.size, doc.study_uid, doc.study_description, doc.study_date::text AS study_date, doc.modality, doc.created_at
  FROM provider.documents doc JOIN provider.document_requests r ON r.id = doc.document_request_id`;

interface RecordRow {
  id: string;
  record_name: string;
  record_type: DocRequestType;
  body_parts: string[];
  first_name: string;
  last_name: string;
  exam_date: string | null;
  custodian_id: string;
  custodian_name: string;
  patient_request_id: string;
  document_request_id: string;
  starred: boolean;
  created_at: Date;
}

/** All SQL on the documents facilities upload and the stars their staff put on delivered records. */
@Injectable()
export class DocumentRepository {
  /** The documents of a batch in one statement (a 300-file folder is 15 statements, not 300). */
  async insertMany(tx: Queryable, docs: NewDocument[]): Promise<void> {
    await tx.query(
      `INSERT INTO provider.documents (id, patient_request_id, document_request_id, blob_key, file_name, path, content_type, size, study_uid, study_description, study_date, modality, uploaded_by)
       SELECT d.id, d.patient_request_id, d.document_request_id, d.blob_key, d.file_name, d.path, d.content_type, d.size, d.study_uid, d.study_description, d.study_date, d.modality, d.uploaded_by
       FROM json_populate_recordset(NULL::provider.documents, $1::json) d`,
      [JSON.stringify(docs)],
    );
  }

  /** Which of these keys some document keeps already. */
  async keysUsed(db: Queryable, keys: string[]): Promise<Set<string>> {
    const rows: Array<{ blob_key: string }> = await db.query(
      `SELECT blob_key FROM provider.documents WHERE blob_key = ANY($1::text[])`,
      [keys],
    );
    return new Set(rows.map((r) => r.blob_key));
  }

  async listByIds(db: Queryable, ids: string[]): Promise<StoredDocument[]> {
    return db.query(
      `${SELECT_DOCUMENT} WHERE doc.id = ANY($1::uuid[]) ORDER BY doc.created_at DESC, doc.id`,
      [ids],
    );
  }

  /** The documents of one document request, newest first. */
  async listForDocumentRequest(
    db: Queryable,
    patientRequestId: string,
    documentRequestId: string,
  ): Promise<StoredDocument[]> {
    return db.query(
      `${SELECT_DOCUMENT} WHERE doc.patient_request_id = $1 AND doc.document_request_id = $2 ORDER BY doc.created_at DESC, doc.id`,
      [patientRequestId, documentRequestId],
    );
  }

  async listForRequest(db: Queryable, patientRequestId: string): Promise<StoredDocument[]> {
    return db.query(`${SELECT_DOCUMENT} WHERE doc.patient_request_id = $1 ORDER BY doc.created_at, doc.id`, [
      patientRequestId,
    ]);
  }

  async find(db: Queryable, patientRequestId: string, documentId: string): Promise<StoredDocument | null> {
    const rows: StoredDocument[] = await db.query(
      `${SELECT_DOCUMENT} WHERE doc.patient_request_id = $1 AND doc.id = $2`,
      [patientRequestId, documentId],
    );
    return rows[0] ?? null;
  }

  async delete(tx: Queryable, documentId: string): Promise<boolean> {
    return (
      (await returning(tx, `DELETE FROM provider.documents WHERE id = $1 RETURNING id`, [documentId]))
        .length > 0
    );
  }

  /**
   * The welcome page's records: documents of submitted requests of the staff member's facilities, one
   * row per DICOM study (its files grouped by study uid, the first file standing for the study) and
   * one per other document, newest first.
   */
  async records(
    db: Queryable,
    userId: string,
    opts: { favouritesOnly: boolean; search: string; recordId?: string },
  ): Promise<ProviderRecord[]> {
    const params: unknown[] = [userId];
    let searchSql = '';
    let requestSql = '';
    if (opts.search) {
      params.push(`%${escapeLike(opts.search.toLowerCase())}%`);
      searchSql = `AND (lower(g.record_name) LIKE $${params.length} OR lower(g.first_name || ' ' || g.last_name) LIKE $${params.length} OR lower(g.last_name || ' ' || g.first_name) LIKE $${params.length})`;
    }
    if (opts.recordId) {
      // One record: only its request's documents are grouped, and only the record that stands under that id.
      params.push(opts.recordId);
      requestSql = `AND doc.patient_request_id = (SELECT patient_request_id FROM provider.documents WHERE id = $${params.length})`;
      searchSql += ` AND g.id = $${params.length}`;
    }
    const rows: RecordRow[] = await db.query(
      `WITH docs AS (
         SELECT doc.*, r.type, d.body_parts, d.patient_first_name, d.patient_last_name, d.custodian_id, d.custodian_name,
           COALESCE(doc.patient_request_id::text || ':' || doc.study_uid, doc.id::text) AS grp
         FROM provider.documents doc
         JOIN provider.document_requests r ON r.id = doc.document_request_id
         JOIN provider.data_requests d ON d.id = doc.patient_request_id
         WHERE d.uploaded_at IS NOT NULL AND d.custodian_id IN (SELECT custodian_id FROM provider.staff WHERE user_id = $1) ${requestSql}
       ), g AS (
         SELECT DISTINCT ON (grp) grp, id, type AS record_type, body_parts, patient_first_name AS first_name, patient_last_name AS last_name,
           custodian_id, custodian_name, patient_request_id, document_request_id, created_at,
           CASE WHEN study_uid IS NOT NULL THEN COALESCE(NULLIF(study_description, ''), 'Imaging study') ELSE file_name END AS record_name,
           COALESCE(study_date, created_at::date)::text AS exam_date
         FROM docs ORDER BY grp, created_at, id
       )
       SELECT g.*, EXISTS (SELECT 1 FROM provider.stars s JOIN docs x ON x.id = s.document_id WHERE s.user_id = $1 AND x.grp = g.grp) AS starred
       FROM g WHERE true ${searchSql}
       ORDER BY g.created_at DESC, g.id`,
      params,
    );
    return rows
      .filter((r) => !opts.favouritesOnly || r.starred)
      .map((r) => ({
        id: r.id,
        record_name: r.record_name,
        record_type: r.record_type,
        body_part: r.body_parts.join(', '),
        patient: { first_name: r.first_name, last_name: r.last_name },
        exam_date: r.exam_date,
        facility: { id: r.custodian_id, name: r.custodian_name },
        patientRequestId: r.patient_request_id,
        documentRequestId: r.document_request_id,
        starred: r.starred,
        created: new Date(r.created_at).toISOString(),
      }));
  }

  /** A delivered document of the staff member's facilities (what a star may go on). */
  async findDeliveredForStaff(
    db: Queryable,
    userId: string,
    documentId: string,
  ): Promise<{
    id: string;
    patient_user_id: string;
    study_uid: string | null;
    patient_request_id: string;
  } | null> {
    const rows = await db.query(
      `SELECT doc.id, d.patient_user_id, doc.study_uid, doc.patient_request_id FROM provider.documents doc JOIN provider.data_requests d ON d.id = doc.patient_request_id
       WHERE doc.id = $1 AND d.uploaded_at IS NOT NULL AND d.custodian_id IN (SELECT custodian_id FROM provider.staff WHERE user_id = $2)`,
      [documentId, userId],
    );
    return rows[0] ?? null;
  }

  /** Stars or unstars a record: for a study, every file of it, so the study's stand-in file does not matter. */
  async star(
    tx: Queryable,
    userId: string,
    doc: { id: string; study_uid: string | null; patient_request_id: string },
    starred: boolean,
  ): Promise<void> {
    const ids = doc.study_uid
      ? (
          (await tx.query(
            `SELECT id FROM provider.documents WHERE patient_request_id = $1 AND study_uid = $2`,
            [doc.patient_request_id, doc.study_uid],
          )) as Array<{ id: string }>
        ).map((r) => r.id)
      : [doc.id];
    if (starred)
      await tx.query(
        `INSERT INTO provider.stars (user_id, document_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
        [userId, ids],
      );
    else
      await tx.query(`DELETE FROM provider.stars WHERE user_id = $1 AND document_id = ANY($2::uuid[])`, [
        userId,
        ids,
      ]);
  }
}
