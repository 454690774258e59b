import type { DocumentRequest } from '../requests/types';

/** A patient of a provider data request: patients[0] holds first_name, last_name, patient_dob. */
export interface DataRequestPatient {
  id: string;
  first_name: string;
  last_name: string;
  /** YYYY-MM-DD */
  patient_dob: string;
}

/** The provider data request of the spec (records spec §3). */
export interface DataRequest {
  id: string;
  organization: { id: string; name: string };
  status: { name: string };
  created: string;
  document_request: DocumentRequest[];
  patients: DataRequestPatient[];
  starred: boolean;
}
