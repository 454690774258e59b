/**
 * Issue 29: the patient's record over FHIR R4, and SMART App Launch 2.2 (standalone, patient) for the
 * apps that read it. The spec shows no paths for either; they are designed here.
 *
 * - The FHIR server is the records context's (the patient's library is its aggregate): `/api/fhir`,
 *   with its SMART discovery document beside it, as SMART 2.2 §2.1 puts it (`{iss}/.well-known/smart-configuration`).
 * - The authorization server is the auth context's (it owns accounts, sessions and the signing key):
 *   `/api/smart/*`.
 */
export const FHIR_ROOT = '/api/fhir';

export const FHIR_API = {
  /** The FHIR base URL apps are given (`iss`); every FHIR interaction is under it. */
  base: FHIR_ROOT,
  /** GET: the CapabilityStatement. */
  metadata: `${FHIR_ROOT}/metadata`,
  /** GET: SMART configuration (SMART App Launch 2.2 §2.1). Public. */
  smartConfiguration: `${FHIR_ROOT}/.well-known/smart-configuration`,
  /** GET: read. */
  read: (type: string, id: string) => `${FHIR_ROOT}/${type}/${id}`,
  /** GET: a document's bytes as they are, or as a FHIR Binary resource with `Accept: application/fhir+json`. */
  binary: (id: string) => `${FHIR_ROOT}/Binary/${id}`,
  /** GET: search (`?patient&_id&_lastUpdated&date&modality&status&_count&_offset`). */
  search: (type: string) => `${FHIR_ROOT}/${type}`,
  /** GET: Patient/$everything, narrowed to the token's patient. */
  everything: (patientId: string) => `${FHIR_ROOT}/Patient/${patientId}/$everything`,
  /** GET with `Prefer: respond-async`: Bulk Data export, 202 with Content-Location of the status URL. */
  export: (patientId: string) => `${FHIR_ROOT}/Patient/${patientId}/$export`,
  /** GET: an export's status (202 with X-Progress while running, 200 with the manifest); DELETE cancels. */
  exportStatus: (exportId: string) => `${FHIR_ROOT}/$export-status/${exportId}`,
  /** GET: one NDJSON file of a finished export. */
  exportFile: (exportId: string, file: string) => `${FHIR_ROOT}/$export-files/${exportId}/${file}`,
} as const;

/** What each connected app read (records' audit of FHIR and DICOMweb reads), for Settings > Connected apps. */
export const FHIR_ACCESS_API = {
  /** GET: ConnectedAppReads[] of the caller's own apps. */
  appReads: '/api/fhirAccess/appReads',
  /** GET: BackupStatus (the last "Download everything" and its export). */
  backup: '/api/fhirAccess/backup',
  /** POST: starts "Download everything" (incremental from the last backup unless {full: true}); 202 BackupStatus. */
  startBackup: '/api/fhirAccess/backup',
} as const;

const SMART = '/api/smart';

export const SMART_API = {
  /** GET: the authorization endpoint (SMART 2.2 §2.1.5): checks the request and sends the browser to the consent screen. Public. */
  authorize: `${SMART}/authorize`,
  /** POST application/x-www-form-urlencoded: the token endpoint (authorization_code with PKCE S256, refresh_token). Public. */
  token: `${SMART}/token`,
  /** POST JSON: dynamic client registration (RFC 7591). Public. */
  register: `${SMART}/register`,
  /** GET: the public half of the signing keys (id tokens), as JWKS. Public. */
  jwks: `${SMART}/jwks`,
  /** GET: SmartConsentRequest, the consent screen's facts (the signed-in patient's pending request). */
  consentRequest: (requestId: string) => `${SMART}/consent/${requestId}`,
  /** POST SmartConsentDecision: answers { redirectTo } (the app's redirect URI with code or error). */
  consentDecision: (requestId: string) => `${SMART}/consent/${requestId}/decision`,
  /** GET: ConnectedApp[] of the caller. */
  connectedApps: `${SMART}/connectedApps`,
  /** POST: revokes the authorization; its access and refresh tokens die at once. */
  revokeApp: (authorizationId: string) => `${SMART}/connectedApps/${authorizationId}/revoke`,
} as const;
