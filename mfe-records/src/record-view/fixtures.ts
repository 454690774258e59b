/** Library requests of the record view's specs (never imported by the app). */
import type { LibraryAttachment, PatientRequest } from '@portal/contracts';

export const study = {
  id: 's1',
  created: '2026-01-05T00:00:00.000Z',
  cfind_response: {
    id: 's1',
    modality: 'MR',
    study_description: 'Brain',
    study_instance_uid: '1.2.3',
    study_date_time: '2025-12-30',
    total_instances: 20,
    created_at: '2026-01-05T00:00:00.000Z',
  },
};

export const imagingRequest = (over: Partial<PatientRequest> = {}): PatientRequest => ({
  id: 'r1',
  organization: { id: 'c1', name: 'St. Mary Imaging Center' },
  status: { name: 'Completed' },
  created: '2026-01-02T10:00:00.000Z',
  starred: false,
  document_request: [
    { document_request_type: { mnemonic: 'IMAGES', name: 'Images' } },
    { document_request_type: { mnemonic: 'REPORTS', name: 'Reports' } },
  ],
  approved_cfind_responses: [
    study,
    {
      id: 'f1',
      created: '2026-01-06T00:00:00.000Z',
      document: { file_name: 'report.pdf', created: '2026-01-06T00:00:00.000Z' },
      s3_filename: 'report.pdf',
      document_request: { id: 'dr2', document_request_type: { mnemonic: 'REPORTS', name: 'Reports' } },
    },
  ],
  ...over,
});

export const selfUpload = (mnemonic = 'IMAGES'): PatientRequest => ({
  id: 'r9',
  organization: { id: '', name: '' },
  status: { name: 'Completed' },
  created: '2026-02-01T10:00:00.000Z',
  starred: false,
  document_request: [{ document_request_type: { mnemonic, name: mnemonic } }],
  approved_cfind_responses: [{ ...study, id: 's9', cfind_response: { ...study.cfind_response, id: 's9' } }],
  manual_upload_dicom: true,
  record_name: 'My knee MRI',
});

export const attachment = (id: string, over: Partial<LibraryAttachment> = {}): LibraryAttachment => ({
  id,
  file_name: `${id}.pdf`,
  content_type: 'application/pdf',
  document_request_id: 'dr2',
  document_request_type: 'REPORTS',
  created: '2026-01-06T00:00:00.000Z',
  enhanceable: false,
  ...over,
});
