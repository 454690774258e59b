import type { SmartFhirSourceConfig } from '@portal/contracts';
import type { FoundStudyRow, Holder } from './smart-fhir.repository';

export const aSource = (over: Partial<SmartFhirSourceConfig> = {}): SmartFhirSourceConfig => ({
  id: 'lakeside-ehr',
  custodianId: '00000000-0000-4000-8000-00000000000a',
  facilityName: 'Lakeside Radiology',
  kind: 'fhir',
  baseUrl: 'http://127.0.0.1:9000/fhir/R4',
  ...over,
});

export const aHolder = (over: Partial<Holder> = {}): Holder => ({
  personId: 'p1',
  firstName: 'Pat',
  lastName: 'Jordan',
  dateOfBirth: '1984-03-12',
  ...over,
});

export const aFoundStudyRow = (over: Partial<FoundStudyRow> = {}): FoundStudyRow => ({
  id: 'row-1',
  source_id: 'lakeside-ehr',
  custodian_id: '00000000-0000-4000-8000-00000000000a',
  facility_name: 'Lakeside Radiology',
  study_instance_uid: '2.25.1234',
  modality: 'MR',
  study_description: 'MR BRAIN W/O CONTRAST',
  referring_physician: 'Joan Carter',
  study_date: '2024-03-12',
  number_of_instances: 20,
  wado_root: 'http://127.0.0.1:9000/dicom-web',
  patient_request_id: null,
  custom_query_items: [{ tag: '00080050', value: 'A1001' }],
  ...over,
});
