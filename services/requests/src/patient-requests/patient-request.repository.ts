import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type {
  CustodianRequestFee,
  EventPayloads,
  DocumentRequestRejection,
  PatientRequestRow,
  RejectionReason,
  RelationshipType,
  RequestFiller,
  RequestFrom,
  RequestTimelineEntry,
  TimelineEvent,
} from '@portal/contracts';
import { CLOSED_REQUEST_STATUSES } from '@portal/contracts';
import { type Queryable, returning } from '@portal/server-kit';

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
  /** Given by the submitting use case, so the submitted event and the row agree. */
  id?: string;
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
  /** One id per record type, in the same order (the submitted event carries them). */
  documentRequestIds?: string[];
  notes: string;
  status: string;
  createdAt: Date;
  details?: PatientRequestDetails;
  uploads?: RequestUpload[];
  /** Issue 28: the study found at the facility's own system that the request asks for (announced, named in the notes). */
  requestedStudy?: NonNullable<EventPayloads['requests.patient-request-submitted']['requestedStudy']>;
  /** Issue 30: the facility's fee when it was submitted (the request waits in 'Pending payment'); absent or null: none. */
  fee?: CustodianRequestFee | null;
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
         family_member_id, patient_middle_name, patient_email, phone, address, city, state, postcode, mrn, body_parts, date_from, date_to, delegate, authorization_form_key,
         fee_amount_cents, fee_currency)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,COALESCE($13,'PATIENT'),COALESCE($14,false),COALESCE($15,'self'),$16,$17,$18,$19,COALESCE($20,false),COALESCE($21,false),
         $22,$23,$24,$25,$26,$27,$28,$29,$30,COALESCE($31,'{}'::text[]),$32,$33,$34,$35,$36,$37)`,
      [
        r.id,
        r.userId,
        r.personId,
        r.custodianId,
        r.patient.firstName,
        r.patient.lastName,
        r.patient.dateOfBirth,
        r.status,
        r.docReqTypes,
        r.notes,
        r.createdAt,
        d?.custodianAliasId ?? null,
        d?.requestFrom ?? null,
        d?.providerRequest ?? null,
        d?.requestFiller ?? null,
        d?.relationshipType ?? null,
        d?.relationship ?? null,
        d?.relation ?? null,
        d?.legalRelation ?? null,
        d?.isFamilyMember ?? null,
        d?.legallyAuthorized ?? null,
        d?.familyMemberId ?? null,
        d?.patientMiddleName ?? null,
        d?.patientEmail ?? null,
        d?.phone ?? null,
        d?.address ?? null,
        d?.city ?? null,
        d?.state ?? null,
        d?.postcode ?? null,
        d?.mrn ?? null,
        d?.bodyParts ?? null,
        d?.dateFrom ?? null,
        d?.dateTo ?? null,
        d?.delegate ? JSON.stringify(d.delegate) : null,
        d?.authorizationFormKey ?? null,
        r.fee?.amountCents ?? null,
        r.fee?.currency ?? null,
      ],
    );
    // One document request per record type, each starting in the request's status.
    await tx.query(
      `INSERT INTO requests.document_requests (id, patient_request_id, document_request_type, status, created_at)
       SELECT i, $1, t, $2, $3 FROM unnest($4::uuid[], $5::text[]) AS x(i, t)`,
      [
        r.id,
        r.status,
        r.createdAt,
        r.documentRequestIds ?? r.docReqTypes.map(() => randomUUID()),
        r.docReqTypes,
      ],
    );
    const uploads = r.uploads ?? [];
    if (uploads.length) {
      await tx.query(
        `INSERT INTO requests.request_uploads (id, patient_request_id, kind, blob_key, file_name, content_type, size)
         SELECT i, $1, k, b, f, c, s FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[]) AS x(i, k, b, f, c, s)`,
        [
          r.id,
          uploads.map((u) => u.id ?? randomUUID()),
          uploads.map((u) => u.kind),
          uploads.map((u) => u.key),
          uploads.map((u) => u.fileName),
          uploads.map((u) => u.contentType),
          uploads.map((u) => u.size),
        ],
      );
    }
  }

  async exists(db: Queryable, id: string): Promise<boolean> {
    return (await db.query(`SELECT 1 FROM requests.patient_requests WHERE id = $1`, [id])).length > 0;
  }

  /** Upload keys already attached to some request (an upload belongs to one request only). */
  async attachedKeys(db: Queryable, keys: string[]): Promise<string[]> {
    const rows: Array<{ blob_key: string }> = await db.query(
      `SELECT blob_key FROM requests.request_uploads WHERE blob_key = ANY($1)`,
      [keys],
    );
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

  /**
   * The open requests of these users, the oldest (nearest legal due date) first, one page and the total
   * (the coordinator's worklist; `patient_requests_user` serves the user filter).
   */
  async openOfUsers(
    db: Queryable,
    userIds: string[],
    page: number,
    size: number,
  ): Promise<{
    rows: Array<{
      id: string;
      userId: string;
      firstName: string;
      lastName: string;
      facility: string;
      status: string;
      createdAt: string;
    }>;
    total: number;
  }> {
    if (!userIds.length) return { rows: [], total: 0 };
    const open = `r.user_id = ANY($1::uuid[]) AND lower(r.status) <> ALL($2::text[])`;
    const closed = CLOSED_REQUEST_STATUSES.map((c) => c.toLowerCase());
    const [rows, [count]] = await Promise.all([
      db.query(
        `SELECT r.id, r.user_id AS "userId", r.patient_first_name AS "firstName", r.patient_last_name AS "lastName",
           c.name AS facility, r.status, r.created_at AS "createdAt"
         FROM requests.patient_requests r JOIN requests.custodians c ON c.id = r.custodian_id
         WHERE ${open} ORDER BY r.created_at, r.id LIMIT $3 OFFSET $4`,
        [userIds, closed, size, (page - 1) * size],
      ),
      db.query(`SELECT count(*)::int AS n FROM requests.patient_requests r WHERE ${open}`, [userIds, closed]),
    ]);
    return { rows, total: (count as { n: number }).n };
  }

  /** A request about to change, locked so two facility events on it apply one after the other. */
  async lockForChange(tx: Queryable, id: string): Promise<RequestForChange | null> {
    const [row]: RequestForChange[] = await tx.query(
      `SELECT id, user_id, status, custodian_id FROM requests.patient_requests WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row ?? null;
  }

  /**
   * Issue 30: keeps `version` as the request's fee version when it is newer than the one kept; false for
   * an older or replayed fee event (billing.request-fee-changed), which then changes nothing.
   */
  async advanceFeeVersion(tx: Queryable, id: string, version: number): Promise<boolean> {
    const rows = await returning(
      tx,
      `UPDATE requests.patient_requests SET fee_version = $2 WHERE id = $1 AND fee_version < $2 RETURNING id`,
      [id, version],
    );
    return rows.length > 0;
  }

  async setStatus(tx: Queryable, id: string, status: string): Promise<void> {
    await tx.query(`UPDATE requests.patient_requests SET status = $2 WHERE id = $1`, [id, status]);
  }

  /** The request's document requests with their rejection (null when not rejected), in the order they were raised. */
  async documentRequests(db: Queryable, patientRequestId: string): Promise<StoredDocumentRequest[]> {
    const rows: Array<{
      id: string;
      type: string;
      nrr_type: RejectionReason | null;
      reason: string | null;
      other_reason: string | null;
      rejected_at: Date | null;
    }> = await db.query(
      `SELECT id, document_request_type AS type, nrr_type, reason, other_reason, rejected_at FROM requests.document_requests
       WHERE patient_request_id = $1 ORDER BY created_at, document_request_type`,
      [patientRequestId],
    );
    return rows.map((r) => ({
      id: r.id,
      type: r.type,
      rejection:
        r.nrr_type && r.rejected_at
          ? {
              nrrType: r.nrr_type,
              reason: r.reason ?? '',
              otherReason: r.other_reason,
              rejectedAt: new Date(r.rejected_at).toISOString(),
            }
          : null,
    }));
  }

  /** Sets (or with null clears) a document request's rejection; false when the request has no such document request. */
  async setRejection(
    tx: Queryable,
    patientRequestId: string,
    documentRequestId: string,
    r: DocumentRequestRejection | null,
  ): Promise<boolean> {
    const rows: unknown[] = await tx.query(
      `UPDATE requests.document_requests SET nrr_type = $3, reason = $4, other_reason = $5, rejected_at = $6
       WHERE patient_request_id = $1 AND id = $2 RETURNING id`,
      [
        patientRequestId,
        documentRequestId,
        r?.nrrType ?? null,
        r?.reason ?? null,
        r?.otherReason ?? null,
        r?.rejectedAt ?? null,
      ],
    );
    return rows.length > 0;
  }

  async addTimelineEntry(
    tx: Queryable,
    patientRequestId: string,
    entry: RequestTimelineEntry,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO requests.request_timeline (patient_request_id, event, at, detail) VALUES ($1,$2,$3,$4)`,
      [patientRequestId, entry.event, entry.at, entry.detail ?? null],
    );
  }

  /** The latest of these timeline events on a request (by time, then by the order written), or null. */
  async lastTimelineEvent(
    db: Queryable,
    patientRequestId: string,
    among: readonly TimelineEvent[],
  ): Promise<{ event: TimelineEvent; at: string } | null> {
    const [row]: Array<{ event: TimelineEvent; at: Date }> = await db.query(
      `SELECT event, at FROM requests.request_timeline WHERE patient_request_id = $1 AND event = ANY($2) ORDER BY at DESC, seq DESC LIMIT 1`,
      [patientRequestId, among],
    );
    return row ? { event: row.event, at: new Date(row.at).toISOString() } : null;
  }

  async timeline(db: Queryable, patientRequestId: string): Promise<RequestTimelineEntry[]> {
    const rows: Array<{ event: TimelineEvent; at: Date; detail: string | null }> = await db.query(
      `SELECT event, at, detail FROM requests.request_timeline WHERE patient_request_id = $1 ORDER BY at, seq`,
      [patientRequestId],
    );
    return rows.map((r) => ({ event: r.event, at: new Date(r.at).toISOString(), detail: r.detail }));
  }
}

export interface RequestForChange {
  id: string;
  user_id: string;
  status: string;
  custodian_id: string;
}

export interface StoredDocumentRequest {
  id: string;
  type: string;
  rejection: DocumentRequestRejection | null;
}
