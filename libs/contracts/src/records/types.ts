import type { DocumentRequest } from '../requests/types';

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
}
