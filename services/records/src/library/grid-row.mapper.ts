import { detailsPageOf, docRequestTypeName, type LibraryGridRow } from '@portal/contracts';
import type { GridSourceRow } from './grid.repository';

const IMAGING_TYPES = ['IMAGES', 'IMAGES_ONLY'];

/** The row's document request type: a document's own; a study's imaging type of its request; a bare request's first type. */
const docReqTypeOf = (r: GridSourceRow, types: string[]): string => {
  if (r.kind === 'document') return r.document_request_type ?? '';
  if (r.kind === 'study') return types.find((t) => IMAGING_TYPES.includes(t)) ?? 'IMAGES';
  return types[0] ?? '';
};

const recordNameOf = (r: GridSourceRow): string => {
  if (r.manual_upload && r.record_name) return r.record_name;
  if (r.kind === 'study') return [r.modality, r.study_description].filter(Boolean).join(' ');
  if (r.kind === 'document') return r.file_name ?? '';
  // A request made from a study found at the facility's system (Smart FHIR) is named by that study.
  if (r.study_description || r.modality) return [r.modality, r.study_description].filter(Boolean).join(' ');
  return r.record_name ?? r.custodian_name ?? '';
};

const dateOf = (r: GridSourceRow): string | null => {
  if (r.manual_upload) return r.exam_date;
  if (r.kind === 'study') return r.study_date;
  if (r.kind === 'document') return r.document_date;
  return null;
};

/** The flattened record row of the spec (§3) from one row of the grid's page query. */
export const toGridRow = (r: GridSourceRow, viewerUserId: string = r.owner_user_id): LibraryGridRow => {
  const types = r.doc_req_types ?? [];
  const manual = r.manual_upload === true;
  const row = {
    id: r.id,
    kind: r.kind,
    patientRequestId: r.patient_request_id,
    approved_cfind_responseId: r.kind === 'study' ? r.id : null,
    documentId: r.kind === 'document' ? r.id : null,
    study_instance_uid: r.study_instance_uid,
    facilityId: manual ? null : r.custodian_id,
    facilityName: manual ? null : r.custodian_name,
    status: r.status ?? '',
    patientId: r.person_id ?? '',
    patientName: r.patient_name ?? '',
    showImagingView: r.kind === 'study' && types.some((t) => IMAGING_TYPES.includes(t)),
    docReqType: docReqTypeOf(r, types),
    recordName: recordNameOf(r),
    modality: r.modality,
    study_description: r.study_description,
    date: dateOf(r),
    total_instances: r.total_instances,
    fileName: r.file_name,
    created: r.created_at.toISOString(),
    starred: r.starred,
    manual_upload_dicom: manual,
    has_attachments: r.has_attachments,
    requestTypes: types.map(docRequestTypeName),
    shared_with: r.shared_with ?? [],
    sharedWithMe: r.owner_user_id !== viewerUserId,
    sharedByUserId: r.owner_user_id !== viewerUserId ? r.owner_user_id : undefined,
  };
  return { ...row, page: detailsPageOf(row) };
};
