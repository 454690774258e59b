import { docRequestTypeName, type PatientRequest, toDocumentRequests } from '@portal/contracts';

export interface LibraryRow {
  id: string;
  custodian_id: string | null;
  custodian_name: string | null;
  status: string;
  doc_req_types: string[];
  created_at: Date;
  starred: boolean;
  patient_first_name?: string | null;
  patient_last_name?: string | null;
  manual_upload?: boolean;
  record_name?: string | null;
  studies: Array<{
    id: string;
    modality: string;
    study_description: string;
    study_instance_uid: string;
    study_date: string | null;
    total_instances: number;
    created_at: string;
  }> | null;
  documents?: Array<{
    id: string;
    file_name: string;
    document_request_id: string | null;
    document_request_type: string;
    created_at: string;
  }> | null;
}

const documentsOf = (
  r: LibraryRow,
  starred: ReadonlySet<string>,
): PatientRequest['approved_cfind_responses'] =>
  (r.documents ?? []).map((d) => {
    const created = new Date(d.created_at).toISOString();
    return {
      id: d.id,
      created,
      document: { file_name: d.file_name, created },
      s3_filename: d.file_name,
      document_request: {
        id: d.document_request_id,
        document_request_type: {
          mnemonic: d.document_request_type,
          name: docRequestTypeName(d.document_request_type),
        },
      },
      starred: starred.has(d.id),
      // Sharing lands with issue 13; until then nothing is shared.
      shared_with: [],
    };
  });

const studiesOf = (r: LibraryRow, starred: ReadonlySet<string>): PatientRequest['approved_cfind_responses'] =>
  (r.studies ?? []).map((s) => ({
    id: s.id,
    created: s.created_at,
    cfind_response: {
      id: s.id,
      modality: s.modality,
      study_description: s.study_description,
      study_instance_uid: s.study_instance_uid,
      study_date_time: s.study_date,
      total_instances: s.total_instances,
      created_at: s.created_at,
    },
    starred: starred.has(s.id),
    shared_with: [],
  }));

/**
 * The patient request shape of the spec, with its approved responses (studies first, then delivered
 * documents), each with the caller's star, the patient's name and whether it is a self upload.
 */
export const toPatientRequest = (
  r: LibraryRow,
  starred: ReadonlySet<string> = new Set(),
): PatientRequest => ({
  id: r.id,
  organization: { id: r.custodian_id ?? '', name: r.custodian_name ?? '' },
  status: { name: r.status },
  created: new Date(r.created_at).toISOString(),
  starred: r.starred,
  document_request: toDocumentRequests(r.doc_req_types),
  approved_cfind_responses: [...studiesOf(r, starred), ...documentsOf(r, starred)],
  patients: [{ first_name: r.patient_first_name ?? '', last_name: r.patient_last_name ?? '' }],
  manual_upload_dicom: r.manual_upload === true,
  record_name: r.record_name ?? null,
  has_attachments: (r.documents ?? []).length > 0,
});
