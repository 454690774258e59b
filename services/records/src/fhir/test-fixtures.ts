import type { FhirCaller } from '@portal/server-kit';
import type { ExportJobRow } from './bulk-export/export.repository';
import type { InstanceRow } from './resources/resource-rows';
import type { DocumentRow, StudyRow } from './resources/resource-rows';

export const PATIENT = '11111111-1111-4111-8111-111111111111';
export const STUDY = '22222222-2222-4222-8222-222222222222';
export const DOCUMENT = '33333333-3333-4333-8333-333333333333';
export const REQUEST = '44444444-4444-4444-8444-444444444444';
export const EXPORT = '55555555-5555-4555-8555-555555555555';
export const AT = new Date('2026-03-01T10:00:00.000Z');

/** A SMART app's caller for the demo patient, with the scopes given. */
export const anApp = (scopes = ['patient/*.rs'], over: Partial<FhirCaller> = {}): FhirCaller => ({
  userId: PATIENT,
  patientId: PATIENT,
  scopes,
  clientId: 'app-1',
  authorizationId: 'auth-1',
  ...over,
});

export const aStudyRow = (over: Partial<StudyRow> = {}): StudyRow => ({
  id: STUDY,
  user_id: PATIENT,
  patient_request_id: REQUEST,
  study_instance_uid: '1.2.840.1',
  modality: 'MR',
  study_description: 'MR BRAIN',
  study_date: '2024-03-12',
  total_instances: 3,
  updated_at: AT,
  custodian_name: 'St. Mary Imaging Center',
  manual_upload: false,
  record_name: null,
  ...over,
});

export const anInstance = (over: Partial<InstanceRow> = {}): InstanceRow => ({
  study_instance_uid: '1.2.840.1',
  series_instance_uid: '1.2.840.1.1',
  sop_instance_uid: '1.2.840.1.1.1',
  sop_class_uid: '1.2.840.10008.5.1.4.1.1.4',
  series_number: 1,
  instance_number: 1,
  modality: 'MR',
  series_description: 'T1',
  ...over,
});

export const aDocumentRow = (over: Partial<DocumentRow> = {}): DocumentRow => ({
  id: DOCUMENT,
  user_id: PATIENT,
  file_name: 'report.pdf',
  content_type: 'application/pdf',
  size: '1234',
  document_request_type: 'REPORTS',
  created_at: AT,
  custodian_name: 'St. Mary Imaging Center',
  manual_upload: false,
  record_name: null,
  exam_date: null,
  study_ids: [STUDY],
  ...over,
});

export const anExportJob = (over: Partial<ExportJobRow> = {}): ExportJobRow => ({
  id: EXPORT,
  user_id: PATIENT,
  patient_id: PATIENT,
  client_id: 'app-1',
  authorization_id: 'auth-1',
  kind: 'fhir',
  types: ['Patient', 'ImagingStudy'],
  since: null,
  request: 'http://portal.test/api/fhir/Patient/x/$export',
  status: 'in-progress',
  progress: null,
  transaction_time: AT,
  completed_at: null,
  expires_at: null,
  output: [],
  error: null,
  stalled: false,
  expired: false,
  ...over,
});
