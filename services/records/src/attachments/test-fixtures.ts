import type { OwnedDocument, OwnedRequest, OwnedStudy } from './attachment.repository';

/** Rows of the attachment repository for unit specs. */
export const aRequest = (over: Partial<OwnedRequest> = {}): OwnedRequest => ({
  id: 'r1',
  user_id: 'u1',
  custodian_name: 'St. Mary Imaging Center',
  manual_upload: false,
  record_name: null,
  exam_date: null,
  created_at: new Date('2025-02-01T10:00:00Z'),
  patient_first_name: null,
  patient_last_name: null,
  holder_first_name: 'Pat',
  holder_last_name: 'Jordan',
  ...over,
});
export const aStudy = (over: Partial<OwnedStudy> = {}): OwnedStudy => ({
  id: 's1',
  study_instance_uid: '1.2.3',
  modality: 'MR',
  study_description: 'Brain without contrast',
  study_date: '2025-01-15',
  total_instances: 20,
  ...over,
});
export const aDocument = (over: Partial<OwnedDocument> = {}): OwnedDocument => ({
  id: 'd1',
  patient_request_id: 'r1',
  document_request_id: 'dr1',
  document_request_type: 'REPORTS',
  file_name: 'report.pdf',
  blob_key: 'provider/r1/dr1/k1',
  content_type: 'application/pdf',
  created_at: new Date('2025-02-02T10:00:00Z'),
  ...over,
});
