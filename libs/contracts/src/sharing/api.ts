/**
 * Paths of the sharing context (records spec §7, Sharing). The spec's call names keep their spelling
 * under /api/; calls it shows no path for sit under /api/sharing.
 */
export const SHARING_API = {
  /** POST SendIsoFileInput (PATIENT, the record's owner): share one record with people and mail them; answers 'OK'. */
  sendISOFile: '/api/sendISOFile',
  /** POST ShareRecordsInput (PATIENT): invite one person with all or limited access; answers SharedPerson. */
  shareRecords: '/api/shareRecords',
  /** POST DisableShareInput (PATIENT): switch each listed person's access to one record on or off; answers 'OK'. */
  disablePatientToShareRecord: '/api/disablePatientToShareRecord',
  /** GET ?studyUid=&documentId= (the owner): every person the owner shares with, is_enabled for this record (SharedPerson[]). */
  recipients: (patientRequestId: string) => `/api/${patientRequestId}/recipients`,
  /** GET: the people the caller shares with (SharedPerson[]). */
  sharedUsers: '/api/getSharedUsersList',
  /** GET ?studyUid=&documentId= (the owner): the people who can see this record (SharedPerson[]). */
  sharedWithPeople: (patientRequestId: string) => `/api/sharing/records/${patientRequestId}/people`,
  /** PUT RemoveAccessInput: the person loses one record (or every record when both are null); answers 'OK'. */
  removeAccess: (patientPortalUserId: string) => `/api/removeAccess/${patientPortalUserId}`,
  /** PUT: the person is no longer shared with at all; answers 'OK'. */
  removeSharedUser: (patientPortalUserId: string) => `/api/removeSharedUser/${patientPortalUserId}`,
  /**
   * DELETE (PATIENT or EXTERNAL_VIEWER, the person shared with): leave the share of the owner with this
   * user id (a shared record's sharedByUserId); the owner no longer has the person in their list. Answers 'OK'.
   */
  leaveShare: (ownerUserId: string) => `/api/sharing/sharedWithMe/${ownerUserId}`,
  /** GET (the owner): one shared person with what they see and when they last opened it (SharedPersonDetails). */
  sharedPerson: (patientPortalUserId: string) => `/api/sharing/people/${patientPortalUserId}`,
  /** PUT ShareExpiryInput (the owner): when a person's access ends (null: never); answers SharedPersonDetails. */
  sharedPersonExpiry: (patientPortalUserId: string) => `/api/sharing/people/${patientPortalUserId}/expiry`,
  /** POST ShareWithFacilityInput (PATIENT, IMAGES requests only): mails the facility a link; answers 'OK'. */
  shareWithFacility: '/api/shareWithFacility',
  /** GET ?patientRequestId=&studyUid= (the owner or a person it is shared with): DownloadIdentifier of the study's ISO. */
  generateIdentifierForISO: '/api/generateIdentifierForISO',
  /** GET ?patientRequestId=&studyUid= (the owner or a person it is shared with): DownloadIdentifier of the zip. */
  downloadAllAttachments: '/api/downloadAllAttachments',
  /** GET (the owner): the records the owner can share (ShareableRecord[]): the invite form's limited-access list. */
  shareableRecords: '/api/sharing/records',
  /** GET (public): what an invitation link says (InvitationView), so sign-up can show it. */
  invitation: (token: string) => `/api/sharing/invitations/${token}`,
  /** GET (the owner): the owner's public viewer links (ViewerLinkSummary[]); POST CreateViewerLinkInput: CreatedViewerLink. */
  viewerLinks: '/api/sharing/viewerLinks',
  /** PUT ShareExpiryInput: a link's expiry; DELETE: revoke it. Answers ViewerLinkSummary / 'OK'. */
  viewerLink: (linkId: string) => `/api/sharing/viewerLinks/${linkId}`,
  /** POST PrintAccessPageInput (the owner): a new password link and its printable page, application/pdf. */
  printAccessPage: '/api/sharing/printAccessPage',
  /**
   * The public viewer page's calls (records spec §7 Viewer; paths not visible, designed here).
   * GET, public, optional image-viewer-token header: PublicViewerConfig.
   */
  viewerConfig: (linkId: string) => `/api/sharing/viewerLinks/${linkId}/config`,
  /** POST {password}, public, rate limited per link and address: ViewerSession. */
  validateViewerPassword: (linkId: string) => `/api/sharing/viewerLinks/${linkId}/validatePassword`,
  /** POST with the image-viewer-token header: ViewerDownload (url of the streamed zip). */
  downloadViewerStudies: (linkId: string) => `/api/sharing/viewerLinks/${linkId}/downloadStudies`,
  /**
   * Issue 29, SMART Health Links (HL7 SMART Health Links 1.0). POST CreateHealthLinkInput (the owner):
   * a passcode link to a FHIR bundle of the record's studies (a public viewer link underneath, so Remove
   * access and expiry work as for any link): CreatedHealthLink.
   */
  healthLinks: '/api/sharing/healthLinks',
  /**
   * POST {recipient, passcode} (public, any site, rate limited per link and address): the link's manifest,
   * whose one file is the bundle, encrypted with the key only the shlink carries (JWE dir A256GCM).
   */
  healthLinkManifest: (healthLinkId: string) => `/api/shl/${healthLinkId}`,
} as const;

/** The page a public viewer link opens (the QR code of the access page and the facility's mail carry it). */
export const publicViewerPath = (linkId: string): string => `/view/${linkId}`;
/** Where an invited person without an account signs up. */
export const invitationSignupPath = (token: string): string =>
  `/signup?invitation=${encodeURIComponent(token)}`;
/** Where an invited person with an account finds what was shared. */
export const SHARED_WITH_ME_PATH = '/patient/my-records/shared-with-me';

/** Password attempts on one link from one address, per window (then 429 with Retry-After). */
export const VIEWER_PASSWORD_ATTEMPTS = 5;
export const VIEWER_PASSWORD_WINDOW_MS = 15 * 60_000;

/**
 * Share Records dialog (records spec §2.5): its tab values (burn-disc has no tab button; health-link,
 * issue 29, is for imaging requests) and width for an imaging request.
 */
export const SHARE_TABS = [
  'email',
  'print-access-page',
  'download',
  'share-with-facility',
  'burn-disc',
  'health-link',
] as const;
export type ShareTab = (typeof SHARE_TABS)[number];
export const SHARE_DIALOG_IMAGING_WIDTH = 876;
/** The invite success banner shows this long in inline mode (records spec §9). */
export const INVITE_SUCCESS_BANNER_MS = 5000;
/** Share with facility: note length, letters before the facility combo box searches, debounce (records spec §9). */
export const FACILITY_NOTE_MAX = 200;
export const FACILITY_COMBO_MIN_LETTERS = 3;
export const SHARE_SEARCH_DEBOUNCE_MS = 300;
/** 'Shared with' summaries name this many people, then 'and N other(s)' (records spec §9). */
export const SHARED_WITH_SUMMARY_NAMES = 3;
/** An invitation link works this long; the people it shares with keep access until the patient ends it. */
export const INVITATION_TTL_SECONDS = 30 * 24 * 3600;
/** ISO and zip links in an invitation mail work this long (each use checks the share is still on). */
export const MAILED_DOWNLOAD_TTL_SECONDS = 7 * 24 * 3600;
/** A link mailed to a facility expires after this many days unless the patient sets another date. */
export const FACILITY_LINK_TTL_DAYS = 30;
/** The generated password of a printed access page: this many characters from an unambiguous alphabet. */
export const ACCESS_PAGE_PASSWORD_LENGTH = 10;
