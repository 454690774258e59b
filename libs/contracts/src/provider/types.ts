import type { DocRequestType, DocumentRequest, RequestTimelineEntry } from '../requests/types';

/** A patient of a provider data request: patients[0] holds first_name, last_name, patient_dob. */
export interface DataRequestPatient {
  id: string;
  first_name: string;
  last_name: string;
  /** YYYY-MM-DD */
  patient_dob: string;
  patient_mrn?: string | null;
}

/** The provider data request of the spec (records spec §3), with its due date (beyond the spec). */
export interface DataRequest {
  id: string;
  organization: { id: string; name: string };
  status: { name: string };
  created: string;
  document_request: DocumentRequest[];
  patients: DataRequestPatient[];
  starred: boolean;
  date_from: string | null;
  date_to: string | null;
  body_parts: string[];
  /** YYYY-MM-DD: 30 days after receipt (HIPAA right of access). */
  due_date: string;
  /** Days until the due date; negative when overdue. Null once the request is answered (uploaded or every document request rejected). */
  days_left: number | null;
  /** When the facility first opened it, null while unseen. */
  seen_at: string | null;
  /** When the records were submitted, null before. */
  uploaded_at: string | null;
}

/** GET getPatientRequestsForExternalProvider: one page of the inbox, newest first (sort=due: the open requests that fall due first, then the answered ones, newest first). */
export interface DataRequestPage {
  total: number;
  /** How many of the caller's open requests are overdue and due within DUE_SOON_DAYS (for the inbox's flags). */
  overdue: number;
  dueSoon: number;
  rows: DataRequest[];
}

/** GET provider/dataRequests/{id}: a request with its life so far. */
export interface DataRequestDetail extends DataRequest {
  timeline: RequestTimelineEntry[];
}

/** A document uploaded to a document request (records spec §3 "Document in a request"). */
export interface ProviderDocument {
  id: string;
  filename: string;
  /** Upload fields: the blob key, the folder path it came from (imaging folders), its name. */
  path: string;
  file_name: string;
  document_request: { id: string; document_request_type: { mnemonic: string; name: string } };
  content_type: string;
  size: number;
  created: string;
  /** Zip archives and imaging files cannot be opened in the browser (records spec §4). */
  openable: boolean;
}

/** What the patient sent with the request, for the facility to check before it releases records. */
export interface OtherDocument {
  id: string;
  kind: 'authorization_form' | 'govt_id' | 'legal_doc';
  file_name: string;
  content_type: string;
}

/** One file to upload, as the browser knows it before sending it. */
export interface ProviderUploadFile {
  fileName: string;
  size: number;
}

/** POST generateS3PresignedURL: one presigned form per file asked for, in the same order. */
export interface ProviderUploadForms {
  forms: Array<{
    key: string;
    inputs: Record<string, string>;
    attributes: { action: string; enctype: 'multipart/form-data'; method: 'POST' };
  }>;
}

/** One uploaded file handed to addDocuments: the form's key and the name and folder path it had. */
export interface UploadedDocument {
  key: string;
  file_name: string;
  /** The relative path inside a dropped folder (webkitRelativePath), or the file name. */
  path: string;
}

/** POST addDocuments: the documents kept and, per file that was refused, why (nothing of a refused file is kept). */
export interface AddDocumentsResult {
  documents: ProviderDocument[];
  refused: Array<{ file_name: string; message: string }>;
}

/** A row of the provider's welcome page: a record its facility delivered. */
export interface ProviderRecord {
  id: string;
  record_name: string;
  record_type: DocRequestType;
  body_part: string;
  patient: { first_name: string; last_name: string };
  /** YYYY-MM-DD: the study date, or the upload date for documents. */
  exam_date: string | null;
  facility: { id: string; name: string };
  patientRequestId: string;
  documentRequestId: string;
  starred: boolean;
  created: string;
}

/**
 * GET provider/records/{recordId}: a delivered record with what the record view shows: the study (for
 * the Imaging tab and its viewer) and the request's documents that open in the browser (the Report tab).
 */
export interface ProviderRecordDetail {
  record: ProviderRecord;
  /** The DICOM study the record stands for; null for a document. */
  study: { study_uid: string; modality: string | null; description: string | null } | null;
  /** The record's own document first when it is one, then the request's other reports; PDFs and images only. */
  reports: ProviderDocument[];
}
