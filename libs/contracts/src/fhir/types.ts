/** Issue 29: the shapes of the SMART consent screen, Connected apps and Download everything. */

/** The consent screen's facts: who asks, for what, and on whose record. */
export interface SmartConsentRequest {
  id: string;
  clientName: string;
  /** The app's own site (its redirect URI's origin), so a patient sees where the data goes. */
  clientOrigin: string;
  /** The scopes the portal would grant, each with its plain words. */
  scopes: Array<{ scope: string; words: string }>;
  /** The patient in context: the signed-in account holder. */
  patient: { id: string; name: string };
  expiresAt: string;
}

/** The patient's answer: approve with the scopes they keep (a subset of the shown ones), or deny. */
export interface SmartConsentDecision {
  approve: boolean;
  scopes?: string[];
}

export interface SmartConsentAnswer {
  /** The app's redirect URI with `code` and `state`, or `error=access_denied`. */
  redirectTo: string;
}

/** One app the patient let in (an authorization), as auth keeps it. */
export interface ConnectedApp {
  authorizationId: string;
  clientId: string;
  clientName: string;
  clientOrigin: string;
  scopes: string[];
  grantedAt: string;
  /** When the app last got a token (its sign-in or a refresh). */
  lastTokenAt: string | null;
  /** offline_access: it may keep reading while the patient is signed out. */
  offline: boolean;
}

/** What one authorization read, from records' audit (FHIR reads) and imaging's (WADO-RS). */
export interface ConnectedAppReads {
  authorizationId: string;
  lastReadAt: string | null;
  reads: Array<{ resourceType: string; count: number }>;
}

export type BackupState = 'none' | 'in-progress' | 'completed' | 'failed';

/** "Download everything" in Settings: the last backup, and the files of its export. */
export interface BackupStatus {
  state: BackupState;
  /** The export's start; the next incremental backup asks for changes since the last completed one. */
  startedAt: string | null;
  completedAt: string | null;
  /** `_since` the export used, null for a full one. */
  since: string | null;
  /** The NDJSON files of the export (one per resource type), downloadable with the patient's token. */
  files: Array<{ type: string; url: string; count: number }>;
  /**
   * The images as DICOM zips (imaging's Download All), BACKUP_ZIP_STUDIES studies each: every study of
   * the patient's own, or for an incremental backup those added since it. Each url holds a download token
   * of 10 minutes, made afresh at each read of the status.
   */
  images: Array<{ url: string; studies: number }>;
  error: string | null;
}

/** Studies per DICOM zip of Download everything (the token naming them rides in the zip's url). */
export const BACKUP_ZIP_STUDIES = 50;

/** The claims of a SMART access token (audience FHIR_TOKEN_AUDIENCE), beside the portal's own AccessClaims. */
export interface SmartAccessClaims {
  /** The account holder. */
  sub: string;
  /** The authorization: revoking it ends every token it issued (auth.session-revoked names it). */
  sid: string;
  client_id: string;
  /** Space-separated granted scopes. */
  scope: string;
  /** The patient in context (the FHIR Patient id); absent only for tokens with no patient scope. */
  patient?: string;
}

/** The audience of SMART access tokens: the portal's own tokens (audience 'portal') are never these. */
export const FHIR_TOKEN_AUDIENCE = 'portal-fhir';
/** SMART access tokens live 5 minutes; apps refresh (rotation) for more. */
export const SMART_ACCESS_TOKEN_TTL_SECONDS = 5 * 60;
/** An authorization code is good for one exchange within a minute. */
export const SMART_CODE_TTL_SECONDS = 60;
/** A consent screen must be answered within 10 minutes. */
export const SMART_CONSENT_TTL_SECONDS = 10 * 60;
/** Refresh tokens of offline_access live 90 days (each rotation starts the count again). */
export const SMART_REFRESH_TTL_DAYS = 90;

/** FHIR search paging (`_count`): what a page holds when the app does not say, and at most. */
export const FHIR_SEARCH_COUNT_DEFAULT = 50;
export const FHIR_SEARCH_COUNT_MAX = 200;
/** Patient/$everything pages are larger: an app reading everything should need few round trips. */
export const FHIR_EVERYTHING_COUNT_DEFAULT = 500;
export const FHIR_EVERYTHING_COUNT_MAX = 1000;
/** A Bulk Data export's files are kept this long after it completes (Download everything's longer). */
export const FHIR_EXPORT_KEPT_HOURS = 24;
export const FHIR_BACKUP_KEPT_DAYS = 30;

/** The completed export's manifest (Bulk Data Access 2.0, "Response - Complete Status"). */
export interface BulkExportManifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: true;
  output: Array<{ type: string; url: string; count: number }>;
  error: Array<{ type: string; url: string }>;
}
