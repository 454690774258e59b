/** The rows of records' tables as the FHIR queries select them (resource-tables.ts), one type per resource. */

export interface PatientRow {
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  date_of_birth: string | null;
  updated_at: Date;
}

export interface RelatedPersonRow {
  id: string;
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  updated_at: Date;
}

/** What the library knows of a request: its facility, or that the patient uploaded it. */
interface RequestColumns {
  custodian_name: string | null;
  manual_upload: boolean | null;
  record_name: string | null;
}

/** An instance of a study, as imaging announced it (issue 27's projection, with issue 29's columns). */
export interface InstanceRow {
  study_instance_uid: string;
  series_instance_uid: string;
  sop_instance_uid: string;
  sop_class_uid: string | null;
  series_number: number | null;
  instance_number: number | null;
  modality: string | null;
  series_description: string;
}

export interface StudyRow extends RequestColumns {
  id: string;
  user_id: string;
  patient_request_id: string | null;
  study_instance_uid: string;
  modality: string;
  study_description: string;
  study_date: string | null;
  total_instances: number;
  updated_at: Date;
}

export interface DocumentRow extends RequestColumns {
  id: string;
  user_id: string;
  file_name: string;
  content_type: string;
  /** bigint, as text. */
  size: string;
  document_request_type: string;
  created_at: Date;
  exam_date: string | null;
  /** DiagnosticReport only: the studies of the same request. */
  study_ids?: string[];
}

export interface ConsentRow {
  recipient_id: string;
  owner_user_id: string;
  name: string | null;
  enabled: boolean;
  all_records: boolean;
  expires_at: Date | null;
  updated_at: Date;
  /** What a limited share opens, as references (ImagingStudy/<id>, DocumentReference/<id>). */
  shared: string[] | null;
}

export interface AuditRow {
  id: string;
  at: Date;
  actor_id: string | null;
  action: string;
  resource_type: string | null;
  resource_id: string | null;
  subject_id: string;
  ip: string | null;
  detail: Record<string, unknown> | null;
}
