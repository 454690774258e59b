import type { CfindResponse } from '../records/types';

/** A person the patient shares records with (records spec §3, shared person). */
export interface SharedUser {
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  relationship: string;
  is_enabled: boolean;
  patient_portal_user_id: string;
  /** How many studies are shared, or 'All Records'. */
  study_count: number | 'All Records';
}

export interface ApprovedCfindResponse {
  id: string;
  cfind_response: CfindResponse;
}

/** A patient request as the public page shows it (records spec §3, public viewer config). */
export interface PublicPatientRequest {
  id: string;
  organization: { id: string; name: string };
  patients: Array<{ first_name: string; last_name: string }>;
  approved_cfind_responses: ApprovedCfindResponse[];
}

/**
 * Public viewer config (records spec §3). Without a valid token for a password link only
 * need_password is answered: nothing about the patient shows before the password.
 */
export interface PublicViewerConfig {
  need_password: boolean;
  studyDetail?: { dicom: string[]; approved_cfind_responses: ApprovedCfindResponse[] };
  patient_requests?: PublicPatientRequest[];
  /** The viewer token for the imaging calls (when no password is needed, or the one sent back). */
  token?: string;
  /** When the link stops working, ISO, or null. */
  expires_at?: string | null;
}

/** POST validate password: the viewer token the page uses from then on. */
export interface ViewerSession {
  token: string;
}

/** POST download studies (records spec §7): on isError the message shows, otherwise url opens. */
export interface ViewerDownload {
  isError: boolean;
  message: string;
  url: string | null;
}
