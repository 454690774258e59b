import type { FhirResourceType } from '@portal/contracts';

/** A column the keyset pages order by, with the type its text form is read back as. */
export interface OrderColumn {
  sql: string;
  type: 'timestamptz' | 'uuid' | 'bigint' | 'text';
}

/**
 * Where one resource type's rows are and what of them the search parameters compare. Every query is
 * made by one builder (fhir-resource.repository.ts) from these fragments, so each type's access rule
 * (its patient column) is written once and can be forgotten by no query. The filters and the order
 * read the table alone (`from`, as `alias`); `joins` are made for the page's rows only, after it is cut.
 * `id` is the table's key: a page is cut as ids first (from the index alone where it can be).
 */
export interface ResourceTable {
  from: string;
  alias: string;
  joins?: string;
  select: string;
  /** The column that names the patient the row belongs to (the account holder's user id), and its type. */
  patient: string;
  patientType?: 'text';
  id: string;
  /** How an id of the type looks: an id that cannot be one is simply not found (never a SQL error). */
  idGrammar: RegExp;
  idType: 'uuid' | 'bigint';
  lastUpdated: string;
  date?: string;
  status?: string;
  /** Matches any of the modality codes in $n. */
  modality?: (param: string) => string;
  where?: string;
  /** Newest first; the last column makes the order total (a tie-breaker). */
  order: OrderColumn[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const utc = (date: string) => `(${date}::timestamp AT TIME ZONE 'UTC')`;

/** The request's exam date (the patient's own, for a self upload), for a filter that reads the table alone. */
const EXAM_DATE = `(SELECT er.exam_date FROM records.library_requests er WHERE er.id = d.patient_request_id AND er.user_id = d.user_id)`;

const DOCUMENTS = {
  from: 'records.documents d',
  alias: 'd',
  joins: 'LEFT JOIN records.library_requests r ON r.id = d.patient_request_id AND r.user_id = d.user_id',
  select: `d.id, d.user_id, d.file_name, d.content_type, d.size, d.document_request_type, d.created_at,
    r.custodian_name, r.manual_upload, r.record_name, r.exam_date::text AS exam_date`,
  patient: 'd.user_id',
  id: 'd.id',
  idGrammar: UUID,
  idType: 'uuid',
  lastUpdated: 'd.created_at',
  order: [
    { sql: 'd.created_at', type: 'timestamptz' },
    { sql: 'd.id', type: 'uuid' },
  ],
} satisfies ResourceTable;

/** The rows of every type a table holds (Endpoint is the portal's own and Binary a document's bytes). */
export const RESOURCE_TABLES: Partial<Record<FhirResourceType, ResourceTable>> = {
  Patient: {
    from: 'records.account_holders h',
    alias: 'h',
    select: `h.user_id, h.first_name, h.last_name, h.date_of_birth::text AS date_of_birth, h.updated_at`,
    patient: 'h.user_id',
    id: 'h.user_id',
    idGrammar: UUID,
    idType: 'uuid',
    lastUpdated: 'h.updated_at',
    order: [{ sql: 'h.user_id', type: 'uuid' }],
  },
  RelatedPerson: {
    from: 'records.family_members m',
    alias: 'm',
    select: 'm.id, m.user_id, m.first_name, m.last_name, m.updated_at',
    patient: 'm.user_id',
    id: 'm.id',
    idGrammar: UUID,
    idType: 'uuid',
    lastUpdated: 'm.updated_at',
    where: 'NOT m.removed',
    order: [{ sql: 'm.id', type: 'uuid' }],
  },
  ImagingStudy: {
    from: 'records.studies s',
    alias: 's',
    joins: 'LEFT JOIN records.library_requests r ON r.id = s.patient_request_id AND r.user_id = s.user_id',
    select: `s.id, s.user_id, s.patient_request_id, s.study_instance_uid, s.modality, s.study_description,
      s.study_date::text AS study_date, s.total_instances, s.updated_at, r.custodian_name, r.manual_upload, r.record_name`,
    patient: 's.user_id',
    id: 's.id',
    idGrammar: UUID,
    idType: 'uuid',
    lastUpdated: 's.updated_at',
    date: utc('s.study_date'),
    status: `'available'`,
    // R4's modality is the series' (ImagingStudy.series.modality); the study's own is its first instance's.
    modality: (p) => `(s.modality = ANY(${p}::text[]) OR EXISTS (SELECT 1 FROM records.wbs_study_instances i
      WHERE i.user_id = s.user_id AND i.study_instance_uid = s.study_instance_uid AND i.modality = ANY(${p}::text[])))`,
    order: [
      { sql: 's.created_at', type: 'timestamptz' },
      { sql: 's.id', type: 'uuid' },
    ],
  },
  DiagnosticReport: {
    ...DOCUMENTS,
    select: `${DOCUMENTS.select}, ARRAY(SELECT st.id FROM records.studies st
      WHERE st.patient_request_id = d.patient_request_id AND st.user_id = d.user_id ORDER BY st.id) AS study_ids`,
    date: `COALESCE(${utc(EXAM_DATE)}, d.created_at)`,
    status: `'final'`,
    where: `d.document_request_type = 'REPORTS'`,
  },
  DocumentReference: { ...DOCUMENTS, date: 'd.created_at', status: `'current'` },
  Consent: {
    from: 'records.shared_access a',
    alias: 'a',
    select: `a.recipient_id, a.owner_user_id, a.name, a.enabled, a.all_records, a.expires_at, a.updated_at,
      ARRAY(SELECT 'ImagingStudy/' || st.id FROM records.shared_access_items i JOIN records.studies st
          ON st.user_id = a.owner_user_id AND st.patient_request_id = i.patient_request_id
          AND (st.study_instance_uid = i.study_uid OR (i.study_uid IS NULL AND i.document_id IS NULL))
        WHERE i.recipient_id = a.recipient_id
        UNION SELECT 'DocumentReference/' || dc.id FROM records.shared_access_items i JOIN records.documents dc
          ON dc.user_id = a.owner_user_id AND dc.patient_request_id = i.patient_request_id
          AND (dc.id::text = i.document_id OR (i.study_uid IS NULL AND i.document_id IS NULL))
        WHERE i.recipient_id = a.recipient_id ORDER BY 1) AS shared`,
    patient: 'a.owner_user_id',
    id: 'a.recipient_id',
    idGrammar: UUID,
    idType: 'uuid',
    lastUpdated: 'a.updated_at',
    date: 'a.updated_at',
    status: `(CASE WHEN a.enabled AND (a.expires_at IS NULL OR a.expires_at > now()) THEN 'active' ELSE 'inactive' END)`,
    order: [{ sql: 'a.recipient_id', type: 'uuid' }],
  },
  AuditEvent: {
    from: 'records.audit_log l',
    alias: 'l',
    select:
      'l.id::text AS id, l.at, l.actor_id, l.action, l.resource_type, l.resource_id, l.subject_id, l.ip, l.detail',
    // subject_id is text: the patient's id is compared as text, so the index on it is used.
    patient: 'l.subject_id',
    patientType: 'text',
    id: 'l.id',
    idGrammar: /^\d{1,18}$/,
    idType: 'bigint',
    lastUpdated: 'l.at',
    date: 'l.at',
    order: [
      { sql: 'l.at', type: 'timestamptz' },
      { sql: 'l.id', type: 'bigint' },
    ],
  },
};
