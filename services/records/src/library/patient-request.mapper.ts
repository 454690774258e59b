import { docRequestTypeName, type PatientRequest, toDocumentRequests } from '@portal/contracts';

export interface LibraryRow {
  id: string;
  custodian_id: string;
  custodian_name: string;
  status: string;
  doc_req_types: string[];
  created_at: Date;
  starred: boolean;
  studies: Array<{ id: string; modality: string; study_description: string; study_instance_uid: string; study_date: string | null; total_instances: number; created_at: string }> | null;
  documents?: Array<{ id: string; file_name: string; document_request_id: string | null; document_request_type: string; created_at: string }> | null;
}

const documentsOf = (r: LibraryRow): PatientRequest['approved_cfind_responses'] =>
  (r.documents ?? []).map((d) => {
    const created = new Date(d.created_at).toISOString();
    return {
      id: d.id,
      created,
      document: { file_name: d.file_name, created },
      s3_filename: d.file_name,
      document_request: { id: d.document_request_id, document_request_type: { mnemonic: d.document_request_type, name: docRequestTypeName(d.document_request_type) } },
    };
  });

const studiesOf = (r: LibraryRow): PatientRequest['approved_cfind_responses'] =>
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
  }));

/** The patient request shape of the spec, with its approved responses: studies first, then delivered documents. */
export const toPatientRequest = (r: LibraryRow): PatientRequest => ({
  id: r.id,
  organization: { id: r.custodian_id, name: r.custodian_name },
  status: { name: r.status },
  created: new Date(r.created_at).toISOString(),
  starred: r.starred,
  document_request: toDocumentRequests(r.doc_req_types),
  approved_cfind_responses: [...studiesOf(r), ...documentsOf(r)],
});
