import type { CfindResponse } from '../records/types';

/** A person the patient shares records with (records spec §3, shared person). */
export interface SharedPerson {
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  relationship: string;
  is_enabled: boolean;
  /** The shared person's id in sharing (stable before and after they have an account). */
  patient_portal_user_id: string;
  /** How many studies are shared, or 'All Records'. */
  study_count: number | 'All Records';
  relationshipId?: number | null;
  /** When the person's access ends, ISO, or null. */
  expires_at?: string | null;
  last_opened_at?: string | null;
  open_count?: number;
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

/** One record as sharing names it: its patient request and a study (by UID) or a document (spec §3, invite payload limitedaccess). */
export interface SharedRecordRef {
  studyUid: string | null;
  documentId: string | null;
  patientRequestId: string;
}

/** One record a person can see, as sharing details lists it, with that person's use of it. */
export interface SharedRecordSummary extends SharedRecordRef {
  modality: string | null;
  study_description: string | null;
  study_date: string | null;
  facility_name: string | null;
  /** Last time the person opened it, ISO, or null. */
  last_opened_at: string | null;
  open_count: number;
}

/** A record the owner can share, as the invite form lists it. */
export type ShareableRecord = Omit<SharedRecordSummary, 'last_opened_at' | 'open_count'>;

/** GET sharing/people/{id}: the person, what they see and when (beyond the spec: last opened, count, expiry). */
export interface SharedPersonDetails {
  person: SharedPerson;
  records: SharedRecordSummary[];
  /** Every study of the owner, when the person has all records. */
  all_records: boolean;
  last_opened_at: string | null;
  open_count: number;
  /** When the person's access ends, ISO, or null: never. */
  expires_at: string | null;
  /** Whether the person has an account yet (else the invitation is pending). */
  joined: boolean;
}

/** GET sharing/invitations/{token}: what sign-up shows to an invited person. */
export interface InvitationView {
  email: string;
  firstName: string;
  lastName: string;
  /** The patient who shared, 'First Last'. */
  sharedBy: string;
  /** An account with this e-mail exists: sign in instead of signing up. */
  hasAccount: boolean;
}

/** A public viewer link of the owner's (print access page, facility share), without its password. */
export interface ViewerLinkSummary {
  id: string;
  url: string;
  studyInstanceUids: string[];
  need_password: boolean;
  created_at: string;
  expires_at: string | null;
  revoked: boolean;
  /** Who it was made for: the printed page, or a facility's name. */
  purpose: 'print-access-page' | 'facility' | 'link' | 'health-link';
  recipient: string | null;
  last_opened_at: string | null;
  open_count: number;
}

/** POST viewerLinks: the new link; the password is answered once, never stored in clear. */
export interface CreatedViewerLink {
  link: ViewerLinkSummary;
  password: string | null;
}

/** ISO and zip downloads: a short-lived identifier and the url that streams the file with it. */
export interface DownloadIdentifier {
  identifier: string;
  url: string;
}

/**
 * Props of the Share Records dialog mfe-sharing exposes as `./ShareDialog` (loaded with loadRemote by
 * mfe-records). Inline mode shows the success banner 5 s and reloads the list; form mode toasts and calls onSuccess.
 */
export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  record: SharedRecordRef & {
    cfindResponseId: string | null;
    /** The record's document request type mnemonic: the facility tab shows for IMAGES only. */
    docReqType: string;
    title: string;
    patientName: string;
    facilityName: string | null;
  };
  /** The tab to open on; the email form opens expanded when this is 'email'. */
  initialTab?: import('./api').ShareTab;
  mode?: 'inline' | 'form';
  onSuccess?: () => void;
}

/** POST printAccessPage: the new password link with its password (shown once) and what the printed page names. */
export interface PrintedAccessPage extends CreatedViewerLink {
  /** Issue 29: the same link as a SMART Health Link (its passcode is the page's password), for the QR. */
  shlink: string;
  patientName: string;
  facilityName: string | null;
  studies: Array<{ modality: string; study_description: string; study_date: string | null }>;
}

/** The child views of sharing details that list records (records spec §2.2), by their route names. */
export const SHARING_DETAILS_VIEWS = ['all-requests', 'favorites', 'openRequests', 'wholeBodyScans'] as const;
export type SharingDetailsView = (typeof SHARING_DETAILS_VIEWS)[number];

/**
 * Props of the sharing-details child views mfe-records exposes as `./SharedRecords` (loaded with
 * loadRemote by mfe-sharing's sharing-details page, which is routed at `basePath/*`).
 */
export interface SharedRecordsProps {
  /** The shared person (patient_portal_user_id). */
  personId: string;
  /** The person's sharing-details path, e.g. /patient/sharing-records/sharing-details/{id}. */
  basePath: string;
  /** Takes one record from the person (sharing's removeAccess); true once done, the list then reloads. */
  onRemove: (record: SharedRecordRef) => Promise<boolean>;
}

/** POST healthLinks: a SMART Health Link of a record (its one study, or every study of the request). */
export interface CreatedHealthLink {
  id: string;
  /** `shlink:/…` (the payload: manifest url, key, expiry, flag P, label). */
  shlink: string;
  /** The link as people open it: our public viewer page, with the shlink after '#' for SHL-aware apps. */
  url: string;
  expiresAt: string | null;
  link: ViewerLinkSummary;
}

/** The decoded shlink payload (SMART Health Links §"Construct a SHLink Payload"). */
export interface HealthLinkPayload {
  url: string;
  key: string;
  exp?: number;
  flag: 'P';
  label?: string;
  v: 1;
}

/** The manifest a SHL receiving app gets (files embedded, as JWE). */
export interface HealthLinkManifest {
  files: Array<{ contentType: 'application/fhir+json'; embedded: string }>;
}
