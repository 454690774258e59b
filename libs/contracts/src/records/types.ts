import type { DocumentRequest } from '../requests/types';
import { PICTURE_FILES, RECORD_FILES, type UploadRule } from '../uploads';

/** The c-find response of an approved study (records spec §3). */
export interface CfindResponse {
  id: string;
  modality: string;
  study_description: string;
  study_instance_uid: string;
  /** YYYY-MM-DD, or null when the study has no date. */
  study_date_time: string | null;
  total_instances: number;
  created_at: string;
  /** The patient's name as the study carries it (spec §3); absent when the server does not know it. */
  patient_name?: string;
}

/**
 * An approved response of a patient request: one study of the library (cfind_response), or (issue 10)
 * one document the facility delivered (document, s3_filename, document_request), opened through
 * RECORDS_API.documentContent(id).
 */
export interface ApprovedResponse {
  id: string;
  created: string;
  /** Set for a study; absent for a document. */
  cfind_response?: CfindResponse;
  document?: { file_name: string; created: string };
  /** The document's file name (the spec's field; storage keys never leave the server). */
  s3_filename?: string;
  document_request?: { id: string | null; document_request_type: { mnemonic: string; name: string } };
  /** Names or e-mails the record is shared with (spec §3; filled by the sharing issue, absent or [] until then). */
  shared_with?: string[];
  /** The caller's star on this response (set by the patient request calls and studyData). */
  starred?: boolean;
  /** A record someone shared with the caller (spec §3 sharedWithMe flag). */
  sharedWithMe?: boolean;
}

/** The patient request of the library (records spec §3), with its approved study responses. */
export interface PatientRequest {
  id: string;
  organization: { id: string; name: string };
  status: { name: string };
  created: string;
  starred: boolean;
  document_request: DocumentRequest[];
  approved_cfind_responses: ApprovedResponse[];
  /** A self upload (spec §3 manual_upload_dicom, shown as 'Self Uploaded'); absent means false. */
  manual_upload_dicom?: boolean;
  /** A self upload's record name (its title in the record view). */
  record_name?: string | null;
  /** The request has documents a Report tab can show (spec §3). */
  has_attachments?: boolean;
  /** The person the records are about (spec §3 patients[0]). */
  patients?: Array<{ first_name: string; last_name: string }>;
  /** On a request shared with the caller: who shared it ('First Last') and their user id (to leave the share). */
  shared_by?: { name: string; user_id: string } | null;
}

/** Grid protocol constants (records spec §4, §9). */
export const GRID_CHUNK_SIZE = 500;
export const GRID_POLL_MS = 2000;
/** A snapshot answers fetchData for this long after loadGrid (then loadGrid again). */
export const GRID_SNAPSHOT_TTL_SECONDS = 15 * 60;
/** Lists show 4 items first; Load More adds 4 (records spec §9). */
export const PAGE_INCREMENT = 4;
export const ENHANCED_REPORT_POLL_MS = 2000;
export const ENHANCED_REPORT_TIMEOUT_MS = 400000;
/** How long a download identifier opens its file. */
export const DOWNLOAD_IDENTIFIER_TTL_SECONDS = 10 * 60;

/** The spec's detail pages under my-records (and sharing-details). */
export type DetailsPage = 'review-request-details' | 'view-request-report-details';

/**
 * The flattened record row of the spec (§3), one per approved response (a study or a document), plus
 * one per request that has no approved response yet (kind 'request'). The grid protocol's unit.
 */
export interface LibraryGridRow {
  /** The row key: the approved response id, or the request id for kind 'request'. */
  id: string;
  kind: 'study' | 'document' | 'request';
  patientRequestId: string;
  /** The approved response (study) id; null for documents and bare requests. */
  approved_cfind_responseId: string | null;
  /** The document id; null for studies and bare requests. */
  documentId: string | null;
  study_instance_uid: string | null;
  /** Null for a self-uploaded record (no facility). */
  facilityId: string | null;
  facilityName: string | null;
  /** The request's status name (records spec §4 tones). */
  status: string;
  /** The person the records are about (the account holder's person or a family member). */
  patientId: string;
  patientName: string;
  /** Where opening the row goes (the spec's navigation rule for the default view). */
  page: DetailsPage;
  /** A study of an IMAGES or IMAGES_ONLY request: the Imaging tab can show it. */
  showImagingView: boolean;
  /** The document request type mnemonic of the row (IMAGES, IMAGES_ONLY, REPORTS, OTHERS). */
  docReqType: string;
  /** The title: the self upload's record name, modality plus study description, or the document's file name. */
  recordName: string;
  modality: string | null;
  study_description: string | null;
  /** YYYY-MM-DD: study date, exam date of a self upload, or the day the document arrived. */
  date: string | null;
  total_instances: number | null;
  fileName: string | null;
  /** When the row entered the library (ISO). */
  created: string;
  starred: boolean;
  /** A self upload (the spec's manual_upload_dicom, shown as 'Self Uploaded'). */
  manual_upload_dicom: boolean;
  /** The request has documents a Report tab can show. */
  has_attachments: boolean;
  /** The request's record types, by name ('Images', 'Reports'). */
  requestTypes: string[];
  /** Names or e-mails the record is shared with (sharing issue). */
  shared_with: string[];
  /** A record someone shared with the caller. */
  sharedWithMe: boolean;
  /** Who shared it (their user id), on a shared record. */
  sharedByUserId?: string;
}

export interface GridLoadQuery {
  includeShared?: boolean;
  onlyFavourites?: boolean;
  onlyShared?: boolean;
  personId?: string;
  sharedByUserId?: string;
  /** The owner's records that this person they share with sees (sharing's patient_portal_user_id): the sharing-details views. */
  sharedWith?: string;
}
/** loadGrid: the snapshot's identifier. */
export interface GridLoad {
  identifier: string;
}
/** checkData: whether the snapshot is built, and its row count once it is. */
export interface GridCheck {
  isReady: boolean;
  total: number | null;
}
/** fetchData: rows [chunkOffset, chunkOffset + chunkSize) of the snapshot. */
export interface GridChunk {
  rows: LibraryGridRow[];
  hasMore: boolean;
}

/** /api/myRecords/init. */
export interface RecordsInit {
  enable_dicom_viewer: boolean;
  personId: string;
  /**
   * Issue 30: the account holder's storage as billing last told records: new uploads taken (`open`),
   * and a renewal failed (`pastDue`), for the library's banners. Reading never depends on it.
   */
  storage: { open: boolean; pastDue: boolean };
}

/** starResponse / unstarResponse: cfindResponseId is the approved response id (a study's, or a document's id). */
export interface StarInput {
  patientRequestId: string;
  cfindResponseId: string;
  docReqType: string;
}
export interface SharedStarInput {
  patientRequestId: string;
  studyUid: string | null;
  documentId: string | null;
  starred: boolean;
}
export interface StarAnswer {
  starred: boolean;
}

/** An attachment of an approved response: a document of its request (a report, another document). */
export interface LibraryAttachment {
  id: string;
  file_name: string;
  content_type: string;
  document_request_id: string | null;
  document_request_type: string;
  created: string;
  /** A PDF radiology report: the enhanced report can be made from it. */
  enhanceable: boolean;
}

/** An identifier that opens a file at RECORDS_API.download(identifier). */
export interface IdentifierAnswer {
  identifier: string;
}

export interface EnhancedReportAnswer {
  isReady: boolean;
  /** Once ready: the download identifier of the patient-friendly report page. */
  data: IdentifierAnswer | null;
}

export interface DocumentCounts {
  total: number;
  studies: number;
  byType: Record<string, number>;
}

/** The self upload's record types (records spec §9). */
export const RECORD_TYPES = ['REPORTS', 'IMAGES', 'OTHERS'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];
export const RECORD_TYPE_OPTIONS: Array<{ value: RecordType; label: string }> = [
  { value: 'REPORTS', label: 'Report' },
  { value: 'IMAGES', label: 'Imaging' },
  { value: 'OTHERS', label: 'Other' },
];
/**
 * What a self upload of a type may be: the record types' files, but a patient's own Other is a picture
 * alone, never a PDF: the spec sends a PDF to Reports ('Files of type .pdf should be uploaded as Reports
 * or Imaging', records spec §5), where a facility's other documents may be PDFs.
 */
export const SELF_UPLOADS: Record<RecordType, UploadRule> = {
  ...RECORD_FILES,
  // A picture is far smaller than a facility's scanned document: 50 MB, as self uploads always allowed.
  OTHERS: { ...PICTURE_FILES, maxBytes: 50 * 1024 * 1024 },
};

/** The record type a file defaults to by its extension (records spec §5). */
export const recordTypeOfFile = (fileName: string): RecordType => {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  if (ext === 'pdf') return 'REPORTS';
  if (ext === 'dcm' || ext === 'zip') return 'IMAGES';
  return 'OTHERS';
};

/** The exam date of the upload payload: day 01 of the month and year, as 01/MM/YYYY (records spec §3). */
export const examDateOf = (month: number, year: number): string =>
  `01/${String(month).padStart(2, '0')}/${year}`;

/** One uploaded file of a self upload: id is the key of its presigned form. */
export interface UploadedImage {
  id: string;
  path: string;
  file_name: string;
}

/** POST manuallyUploadImages (records spec §3 upload form). */
export interface ManualUploadPayload {
  uploaded_images: UploadedImage[];
  /** Null for Myself. */
  family_member_id: string | null;
  personId: string;
  examDate: string;
  recordName: string;
  recordType: RecordType;
}
export interface ManualUploadAnswer {
  patientRequestId: string;
}
