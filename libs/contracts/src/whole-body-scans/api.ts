/**
 * Paths of whole body scans (simonOne, records spec §2.9, §7) and of the video meetings of their
 * consultations. The records context owns both (ARCHITECTURE §4). The patient's calls keep the spec's
 * paths; the facility's side and the meeting's calls, which the spec does not show, are designed
 * under /api/provider/wholeBodyScans and /api/videoMeeting.
 */
const SCAN = '/api/wholeBodyScan';

export const WHOLE_BODY_SCAN_API = {
  /** GET (the patient, or a coordinator with VIEW_RECORDS): WholeBodyScanListItem[], newest scan first. */
  loadGrid: `${SCAN}/loadGrid`,
  /** GET: one WholeBodyScan with its findings tree and consultation requests; another patient's scan is 404. */
  scan: (id: string) => `${SCAN}/${id}`,
  /** GET: VideoReport[] (without url). */
  videoReports: (id: string) => `${SCAN}/${id}/videoReports`,
  /** GET: VideoReportAnswer, the url streams the video with range requests (it seeks). */
  videoReport: (id: string, videoReportId: string) => `${SCAN}/${id}/videoReport/${videoReportId}`,
  /** GET: FindingDocuments of one finding (key images, PDF reports, recommended next steps). */
  findingDocuments: (id: string, findingId: string) => `${SCAN}/${id}/findingDocuments/${findingId}`,
  /** GET: FindingDocumentAnswer (identifier for RECORDS_API.download; url for a key image). */
  findingDocument: (id: string, findingId: string, docId: string) =>
    `${SCAN}/${id}/findingDocument/${findingId}/${docId}`,
  /** POST ConsultationInput: 201 {id}; the facility sees it in its inbox and the patient gets a mail. */
  requestConsultation: `${SCAN}/requestConsultation`,
  /** GET: FollowUpTask[] of the patient's scans (beyond the spec: the follow-up tracker). */
  followUps: `${SCAN}/followUps`,
  /** PATCH FollowUpInput: due date, done, the uploaded follow-up result. */
  followUp: (taskId: string) => `${SCAN}/followUps/${taskId}`,
  /** GET (the patient): PatientPlusLauncher[], the 'view on' launchers of the facilities with scans. */
  patientPlusUIData: '/api/getPatientPlusUIData',
} as const;

const PROVIDER_SCANS = '/api/wholeBodyScanFacility';

/** The whole-body-scan facility's side: EXTERNAL_PROVIDER staff of a facility flagged as a WBS provider. */
export const PROVIDER_WHOLE_BODY_SCAN_API = {
  /** GET: ProviderScanSetup: the caller's WBS facilities with their finding types. 403 for staff of none. */
  setup: `${PROVIDER_SCANS}/setup`,
  /** GET ?search=: ScanPatient[]: patients with a delivered study at one of the caller's WBS facilities. */
  patients: `${PROVIDER_SCANS}/patients`,
  /** GET ?patientRequestId=: KeyImageCandidate[]: instances of the request's delivered studies. */
  keyImageCandidates: `${PROVIDER_SCANS}/keyImageCandidates`,
  /** GET ?fileName=&size=&kind=PDF_REPORT|VIDEO_REPORT: the presigned upload form of one report file. */
  uploadForm: `${PROVIDER_SCANS}/uploadForm`,
  /** GET: ProviderScanListItem[] the caller's facilities published; POST PublishScanInput: 201 {id}. */
  scans: PROVIDER_SCANS,
  /** POST a FHIR R4 DiagnosticReport (contained or bundled Observation findings), validated: 201 {id}. */
  importFhir: `${PROVIDER_SCANS}/import`,
  /** GET: ConsultationInboxPage of the caller's WBS facilities, oldest waiting first. */
  consultations: `${PROVIDER_SCANS}/consultations`,
  /** POST ScheduleMeetingInput: a video meeting for the consultation; the patient is mailed the link. */
  scheduleMeeting: (consultationId: string) => `${PROVIDER_SCANS}/consultations/${consultationId}/meetings`,
} as const;

const MEETING = '/api/videoMeeting';

/**
 * The video meeting calls (records spec §7: checkVideoMeetingLink, joinVideoMeeting, leaveMeeting,
 * config; payloads not shown). A link is one participant's: it opens only for that participant's user
 * and only in the meeting's window. Signalling for the browsers' WebRTC goes through the same origin
 * by long polling, so it crosses every gateway mode (embedded, proxy, nginx) with no upgrade.
 */
export const VIDEO_MEETING_API = {
  /** GET: VideoMeetingConfig (ICE servers, how early a link opens). */
  config: `${MEETING}/config`,
  /** GET: VideoMeetingLinkCheck; 404 unknown, 403 another user's link. */
  checkVideoMeetingLink: (meetingId: string, participantId: string) =>
    `${MEETING}/${meetingId}/${participantId}/check`,
  /** POST: JoinAnswer (the participant's room token); 409 outside the window or after the end. */
  joinVideoMeeting: (meetingId: string, participantId: string) =>
    `${MEETING}/${meetingId}/${participantId}/join`,
  /** POST (room token): leaves; the same link joins again. */
  leaveMeeting: (meetingId: string, participantId: string) =>
    `${MEETING}/${meetingId}/${participantId}/leave`,
  /** POST (host's room token) {participantId}: lets a waiting participant in. */
  admit: (meetingId: string, participantId: string) => `${MEETING}/${meetingId}/${participantId}/admit`,
  /** POST (host's room token): ends the meeting for everyone. */
  end: (meetingId: string, participantId: string) => `${MEETING}/${meetingId}/${participantId}/end`,
  /** GET ?after=<cursor> (room token): waits up to 25 s for RoomEvents; POST SignalInput: one to a peer. */
  signals: (meetingId: string, participantId: string) => `${MEETING}/${meetingId}/${participantId}/signals`,
} as const;

/** The room token of a participant, sent on every call after joining. */
export const MEETING_TOKEN_HEADER = 'x-meeting-token';
/** A link opens this long before the scheduled start. */
export const MEETING_OPENS_MINUTES_BEFORE = 15;
/** ... and closes this long after the scheduled end, unless the host ended it. */
export const MEETING_CLOSES_MINUTES_AFTER = 60;
/** The long poll of signals answers after this long with no events. */
export const SIGNAL_WAIT_MS = 25_000;
/**
 * A consultation request should be answered (a meeting scheduled) within this many days: the inbox's
 * clock, in the style of the data requests' legal clock (our own target; the spec gives none).
 */
export const CONSULTATION_ANSWER_DAYS = 7;
/** The key-image viewer's zoom step (×1.2) and floor (never below 1). */
export const KEY_IMAGE_ZOOM_STEP = 1.2;
export const KEY_IMAGE_MIN_ZOOM = 1;
/** A follow-up task is due this many days after the scan unless the facility or the patient sets another date. */
export const FOLLOW_UP_DEFAULT_DAYS = 30;
/** Reminder mails go out this many days before a follow-up is due. */
export const FOLLOW_UP_REMINDER_DAYS = 7;
