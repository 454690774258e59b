/**
 * Shapes of whole body scans (records spec §3, §4). The spec's entities are snake_case as it writes
 * them; what we add beyond it (changes since the prior scan, follow-ups, key-image references) follows
 * the same style.
 */

/** records spec §4: NO_ADVERSE_FINDING when a finding has no outcome. */
export const FINDING_OUTCOMES = [
  'NO_ADVERSE_FINDING',
  'INFORMATIONAL_FINDING',
  'MINOR_FINDING',
  'MAJOR_FINDING',
] as const;
export type FindingOutcome = (typeof FINDING_OUTCOMES)[number];
export const DEFAULT_FINDING_OUTCOME: FindingOutcome = 'NO_ADVERSE_FINDING';
export const FINDING_OUTCOME_NAMES: Record<FindingOutcome, string> = {
  NO_ADVERSE_FINDING: 'No adverse finding',
  INFORMATIONAL_FINDING: 'Informational finding',
  MINOR_FINDING: 'Minor finding',
  MAJOR_FINDING: 'Major finding',
};
/** The tone a screen draws an outcome in. */
export type FindingTone = 'none' | 'informational' | 'minor' | 'major';
export const FINDING_OUTCOME_TONE: Record<FindingOutcome, FindingTone> = {
  NO_ADVERSE_FINDING: 'none',
  INFORMATIONAL_FINDING: 'informational',
  MINOR_FINDING: 'minor',
  MAJOR_FINDING: 'major',
};
export const outcomeOf = (finding: {
  whole_body_scan_finding_outcome?: { mnemonic: FindingOutcome } | null;
}) => finding.whole_body_scan_finding_outcome?.mnemonic ?? DEFAULT_FINDING_OUTCOME;

/** records spec §4: next steps are coloured by position, cycling informational, minor, major. */
const NEXT_STEP_TONES = ['informational', 'minor', 'major'] as const;
export const nextStepTone = (index: number): FindingTone => NEXT_STEP_TONES[index % NEXT_STEP_TONES.length];

/** The organs the body diagram has a picture of (records spec §4); any other body part draws a blank body. */
export const DIAGRAM_BODY_PARTS = [
  'BRAIN',
  'HEART',
  'INTESTINES',
  'KIDNEYS',
  'LIVER',
  'LUNGS',
  'STOMACH',
  'UTERUS',
] as const;
export type DiagramBodyPart = (typeof DIAGRAM_BODY_PARTS)[number];
/** Body parts a finding type may name: the diagram's, and others a scan reports that have no picture. */
export const BODY_PARTS = [
  ...DIAGRAM_BODY_PARTS,
  'SPINE',
  'PANCREAS',
  'THYROID',
  'PROSTATE',
  'BLADDER',
  'SPLEEN',
  'BONES',
  'LYMPH_NODES',
] as const;
export type ScanBodyPart = (typeof BODY_PARTS)[number];

/** The diagram is drawn for MALE, or for anyone else (records spec §4: "by sex (MALE or other)"). */
export const PATIENT_SEXES = ['MALE', 'FEMALE', 'OTHER'] as const;
export type PatientSex = (typeof PATIENT_SEXES)[number];
export const PATIENT_SEX_NAMES: Record<PatientSex, string> = {
  MALE: 'Male',
  FEMALE: 'Female',
  OTHER: 'Other',
};

/** A finding compared with the same finding on the prior scan (beyond the spec). */
export const FINDING_CHANGES = ['NEW', 'STABLE', 'RESOLVED'] as const;
export type FindingChange = (typeof FINDING_CHANGES)[number];

export const CONSULTATION_STATUSES = ['REQUESTED', 'SCHEDULED', 'COMPLETED', 'CANCELLED'] as const;
export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number];
export const CONSULTATION_STATUS_NAMES: Record<ConsultationStatus, string> = {
  REQUESTED: 'Requested',
  SCHEDULED: 'Scheduled',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

export interface Mnemonic<T extends string = string> {
  mnemonic: T;
  name: string;
}

export interface ScanOrganization {
  id: string;
  name: string;
}

export interface ScanPatient {
  first_name: string;
  last_name: string;
  patient_sex: Mnemonic<PatientSex>;
}

export interface FindingType {
  id: string;
  name: string;
  /** A Material icon name the facility chose (e.g. 'favorite' for the heart). */
  icon: string;
  /** The educational text of the wiki view (plain text, paragraphs split by blank lines). */
  wiki: string;
  body_parts: { body_part: { mnemonic: ScanBodyPart } }[];
}

export interface Finding {
  id: string;
  organization_whole_body_scan_finding_type: FindingType;
  whole_body_scan_finding_outcome: Mnemonic<FindingOutcome> | null;
  child_findings: Finding[];
  pathology_finding: { name: string; description: string } | null;
  /** Against the same finding on the prior scan; null on a first scan. */
  change: FindingChange | null;
  /** How many documents of each kind the finding has, so a list can say so without a call each. */
  document_counts: { key_images: number; pdf_reports: number; recommended_next_steps: number };
}

export interface VideoMeetingSummary {
  id: string;
  /** The patient's own link: /videoMeeting/{meetingId}/{participantId}. */
  meeting_link: string;
  scheduled_start_time: string;
  scheduled_end_time: string;
  ended: boolean;
}

export interface ConsultRequest {
  id: string;
  status: Mnemonic<ConsultationStatus>;
  patient: { first_name: string; last_name: string };
  note: string;
  created: string;
  video_meetings: VideoMeetingSummary[];
}

export interface WholeBodyScan {
  id: string;
  scan_date: string;
  created: string;
  organization: ScanOrganization;
  patient: ScanPatient;
  findings: Finding[];
  consult_requests: ConsultRequest[];
  /** The earlier scan its changes are measured against, when the facility linked one. */
  prior_scan: { id: string; scan_date: string } | null;
}

/** One row of loadGrid. */
export interface WholeBodyScanListItem {
  id: string;
  scan_date: string;
  created: string;
  organization: ScanOrganization;
  patient: ScanPatient;
  findings_count: number;
  /** The most serious outcome among the findings (NO_ADVERSE_FINDING when none). */
  top_outcome: FindingOutcome;
}

export interface KeyImage {
  id: string;
  study_instance_uid: string;
  series_instance_uid: string;
  sop_instance_uid: string;
  frame: number;
  caption: string;
}
export interface PdfReport {
  id: string;
  value: { file_name: string };
}
export interface RecommendedNextStep {
  id: string;
  value: { title: string; subtitle: string; content: string; enable: boolean };
}
export interface FindingDocuments {
  key_images: KeyImage[];
  pdf_reports: PdfReport[];
  recommended_next_steps: RecommendedNextStep[];
}
/** A PDF report's bytes through RECORDS_API.download(identifier); a key image also has `url`, its rendered image. */
export interface FindingDocumentAnswer {
  identifier: string;
  url?: string;
}

export interface VideoReport {
  id: string;
  file_name: string;
  /** Only in videoReport/{id}: where the video streams from (range requests). */
  url?: string;
}
export interface VideoReportAnswer {
  url: string;
}

export interface ConsultationInput {
  wholeBodyScanId: string;
  note: string;
}

export interface PatientPlusLauncher {
  organization_id: string;
  title: string;
  url: string;
}

export interface FollowUpTask {
  id: string;
  whole_body_scan_id: string;
  finding_id: string;
  next_step_id: string;
  title: string;
  subtitle: string;
  due_date: string;
  done_at: string | null;
  /** The uploaded follow-up result, a library document of the patient. */
  result: { file_name: string; identifier_path: string } | null;
}
export interface FollowUpInput {
  dueDate?: string;
  done?: boolean;
  /** The key of a self-uploaded file (RECORDS_API.uploadForm) that holds the follow-up's result. */
  resultUploadKey?: string;
  resultFileName?: string;
}

// ---- the facility's side ----

export interface ProviderScanFacility {
  id: string;
  name: string;
  finding_types: FindingType[];
}
export interface ProviderScanSetup {
  facilities: ProviderScanFacility[];
}
export interface ScanPatientChoice {
  patient_request_id: string;
  custodian_id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  /** The scans already published for this patient at the facility (a new one may link to the latest). */
  prior_scans: { id: string; scan_date: string }[];
}
export interface KeyImageCandidate {
  study_instance_uid: string;
  series_instance_uid: string;
  sop_instance_uid: string;
  frames: number;
  modality: string;
  description: string;
}
export interface FindingInput {
  findingTypeId: string;
  outcome: FindingOutcome;
  pathology: { name: string; description: string } | null;
  /** The same finding on the prior scan (for NEW/STABLE/RESOLVED); null when new. */
  priorFindingId: string | null;
  keyImages: {
    studyInstanceUid: string;
    seriesInstanceUid: string;
    sopInstanceUid: string;
    frame: number;
    caption: string;
  }[];
  pdfReports: { uploadKey: string; fileName: string }[];
  nextSteps: { title: string; subtitle: string; content: string; enable: boolean; dueDate: string | null }[];
  children: FindingInput[];
}
export interface PublishScanInput {
  patientRequestId: string;
  scanDate: string;
  patientSex: PatientSex;
  priorScanId: string | null;
  findings: FindingInput[];
  videoReports: { uploadKey: string; fileName: string }[];
}
export interface ProviderScanListItem {
  id: string;
  scan_date: string;
  created: string;
  organization: ScanOrganization;
  patient: { first_name: string; last_name: string };
  findings_count: number;
}
export interface ConsultationInboxItem {
  id: string;
  whole_body_scan_id: string;
  scan_date: string;
  organization: ScanOrganization;
  patient: { first_name: string; last_name: string; email: string };
  note: string;
  status: Mnemonic<ConsultationStatus>;
  created: string;
  /** Whole days since the request, for the inbox's legal-clock style (provider spec). */
  days_waiting: number;
  video_meetings: (VideoMeetingSummary & { host_link: string })[];
}
export interface ConsultationInboxPage {
  total: number;
  data: ConsultationInboxItem[];
}
export interface ScheduleMeetingInput {
  /** ISO date-time of the start. */
  scheduledStart: string;
  durationMinutes: number;
}

// ---- video meetings ----

export type MeetingRole = 'HOST' | 'GUEST';
export type MeetingLinkState = 'EARLY' | 'OPEN' | 'ENDED';

export interface VideoMeetingConfig {
  iceServers: { urls: string | string[]; username?: string; credential?: string }[];
  opensMinutesBefore: number;
  closesMinutesAfter: number;
}
export interface VideoMeetingLinkCheck {
  meeting: {
    id: string;
    title: string;
    scheduled_start_time: string;
    scheduled_end_time: string;
    opens_at: string;
    closes_at: string;
  };
  participant: { id: string; display_name: string; role: MeetingRole };
  state: MeetingLinkState;
  /** The consultation's scan, so the call can show its key images. */
  whole_body_scan_id: string;
}
export interface JoinAnswer {
  /** The room token (MEETING_TOKEN_HEADER) of this participant for this join. */
  token: string;
  admitted: boolean;
  /** The cursor to start polling signals from. */
  cursor: number;
}
export type SignalKind = 'offer' | 'answer' | 'candidate';
export interface SignalInput {
  to: string;
  kind: SignalKind;
  /** An SDP or an ICE candidate as the browser gave it, at most 64 kB. */
  payload: unknown;
}
export interface MeetingPeer {
  participantId: string;
  display_name: string;
  role: MeetingRole;
  state: 'WAITING' | 'IN_CALL';
}
export type RoomEvent =
  | { seq: number; type: 'signal'; from: string; kind: SignalKind; payload: unknown }
  | { seq: number; type: 'peers'; peers: MeetingPeer[] }
  | { seq: number; type: 'admitted' }
  | { seq: number; type: 'ended' };
export interface RoomEvents {
  cursor: number;
  events: RoomEvent[];
}
