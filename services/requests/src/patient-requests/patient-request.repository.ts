import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PatientRequestRow, RelationshipType, RequestFiller, RequestFrom } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';

/** What the wizard adds to a request beyond the first slice's fields (absent for seeded history). */
export interface PatientRequestDetails {
  custodianAliasId: string | null;
  requestFrom: RequestFrom;
  providerRequest: boolean;
  requestFiller: RequestFiller;
  relationshipType: RelationshipType | null;
  relationship: string | null;
  relation: string | null;
  legalRelation: string | null;
  isFamilyMember: boolean;
  legallyAuthorized: boolean;
  familyMemberId: string | null;
  patientMiddleName: string | null;
  patientEmail: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  mrn: string | null;
  bodyParts: string[];
  /** YYYY-MM-DD. */
  dateFrom: string | null;
  dateTo: string | null;
  delegate: { firstName: string; lastName: string; email: string; phone: string } | null;
  authorizationFormKey: string | null;
}

export interface RequestUpload {
  kind: 'govt_id' | 'legal_doc';
  key: string;
  fileName: string;
  contentType: string;
  size: number;
}

export interface NewPatientRequest {
  id: string;
  userId: string;
  personId: string;
  custodianId: string;
  patient: { firstName: string; lastName: string; dateOfBirth: string };
  docReqTypes: string[];
  notes: string;
  status: string;
  createdAt: Date;
  details?: PatientRequestDetails;
  uploads?: RequestUpload[];
}

export interface StoredPatientRequest {
  id: string;
  user_id: string;
  status: string;
  created_at: Date;
  custodian_id: string;
  custodian_name: string;
  patient_first_name: string;
  patient_middle_name: string | null;
  patient_last_name: string;
  patient_dob: string;
  patient_email: string | null;
  request_from: RequestFrom;
  request_filler: RequestFiller;
  relationship_type: RelationshipType | null;
  relationship: string | null;
  relation: string | null;
  legal_relation: string | null;
  mrn: string | null;
  doc_req_types: string[];
  body_parts: string[];
  date_from: string | null;
  date_to: string | null;
  notes: string;
  authorization_form_key: string | null;
  legal_documents: Array<{ file_name: string }>;
}

/** All SQL on patient requests, their document requests and uploads. */
@Injectable()
export class PatientRequestRepository {
  async insert(tx: Queryable, r: NewPatientRequest): Promise<void> {
    const d = r.details;
    await tx.query(
      `INSERT INTO requests.patient_requests (id, user_id, person_id, custodian_id, patient_first_name, patient_last_name, patient_dob, status, doc_req_types, notes, created_at,
         custodian_alias_id, request_from, provider_request, request_filler, relationship_type, relationship, relation, legal_relation, is_family_member, legally_authorized,
         family_member_id, patient_middle_name, patient_email, phone, address, city, state, postcode, mrn, body_parts, date_from, date_to, delegate, authorization_form_key)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,COALESCE($13,'PATIENT'),COALESCE($14,false),COALESCE($15,'self'),$16,$17,$18,$19,COALESCE($20,false),COALESCE($21,false),
         $22,$23,$24,$25,$26,$27,$28,$29,$30,COALESCE($31,'{}'::text[]),$32,$33,$34,$35)`,
      [
        r.id, r.userId, r.personId, r.custodianId, r.patient.firstName, r.patient.lastName, r.patient.dateOfBirth, r.status, r.docReqTypes, r.notes, r.createdAt,
        d?.custodianAliasId ?? null, d?.requestFrom ?? null, d?.providerRequest ?? null, d?.requestFiller ?? null, d?.relationshipType ?? null, d?.relationship ?? null,
        d?.relation ?? null, d?.legalRelation ?? null, d?.isFamilyMember ?? null, d?.legallyAuthorized ?? null, d?.familyMemberId ?? null, d?.patientMiddleName ?? null,
        d?.patientEmail ?? null, d?.phone ?? null, d?.address ?? null, d?.city ?? null, d?.state ?? null, d?.postcode ?? null, d?.mrn ?? null, d?.bodyParts ?? null,
        d?.dateFrom ?? null, d?.dateTo ?? null, d?.delegate ? JSON.stringify(d.delegate) : null, d?.authorizationFormKey ?? null,
      ],
    );
    // One document request per record type, each starting in the request's status.
    await tx.query(
      `INSERT INTO requests.document_requests (id, patient_request_id, document_request_type, status, created_at)
       SELECT i, $1, t, $2, $3 FROM unnest($4::uuid[], $5::text[]) AS x(i, t)`,
      [r.id, r.status, r.createdAt, r.docReqTypes.map(() => randomUUID()), r.docReqTypes],
    );
    const uploads = r.uploads ?? [];
    if (uploads.length) {
      await tx.query(
        `INSERT INTO requests.request_uploads (id, patient_request_id, kind, blob_key, file_name, content_type, size)
         SELECT i, $1, k, b, f, c, s FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[]) AS x(i, k, b, f, c, s)`,
        [r.id, uploads.map(() => randomUUID()), uploads.map((u) => u.kind), uploads.map((u) => u.key), uploads.map((u) => u.fileName), uploads.map((u) => u.contentType), uploads.map((u) => u.size)],
      );
    }
  }

  async exists(db: Queryable, id: string): Promise<boolean> {
    return (await db.query(`SELECT 1 FROM requests.patient_requests WHERE id = $1`, [id])).length > 0;
  }

  /** Upload keys already attached to some request (an upload belongs to one request only). */
  async attachedKeys(db: Queryable, keys: string[]): Promise<string[]> {
    const rows: Array<{ blob_key: string }> = await db.query(`SELECT blob_key FROM requests.request_uploads WHERE blob_key = ANY($1)`, [keys]);
    return rows.map((r) => r.blob_key);
  }

  /** A request of this owner, or null (another user's request looks exactly like a missing one). */
  async findOwned(db: Queryable, id: string, userId: string): Promise<StoredPatientRequest | null> {
    const [row]: StoredPatientRequest[] = await db.query(
      `SELECT r.*, to_char(r.patient_dob, 'YYYY-MM-DD') AS patient_dob, to_char(r.date_from, 'YYYY-MM-DD') AS date_from, to_char(r.date_to, 'YYYY-MM-DD') AS date_to,
         c.name AS custodian_name,
         COALESCE((SELECT json_agg(json_build_object('file_name', u.file_name) ORDER BY u.file_name) FROM requests.request_uploads u
           WHERE u.patient_request_id = r.id AND u.kind = 'legal_doc'), '[]') AS legal_documents
       FROM requests.patient_requests r JOIN requests.custodians c ON c.id = r.custodian_id WHERE r.id = $1 AND r.user_id = $2`,
      [id, userId],
    );
    return row ?? null;
  }

  /** A user's own requests with their facility, newest first. */
  listByUser(db: Queryable, userId: string): Promise<PatientRequestRow[]> {
    return db.query(
      `SELECT r.id, r.status, r.doc_req_types, r.created_at, c.id AS custodian_id, c.name AS custodian_name
       FROM requests.patient_requests r JOIN requests.custodians c ON c.id = r.custodian_id WHERE r.user_id = $1 ORDER BY r.created_at DESC`,
      [userId],
    );
  }
}
