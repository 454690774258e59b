/**
 * The edge's rules as data, shared by the gateway's hooks (edge.ts) and the nginx configuration
 * written from them (nginx-config.ts), so both edges refuse and limit the same calls.
 */
import {
  BILLING_API,
  CSRF_HEADER,
  DICOMWEB_ROOT,
  FHIR_ROOT,
  SHARING_API,
  SMART_API,
} from '@portal/contracts';

const SHL_ROOT = SHARING_API.healthLinkManifest('x').replace(/\/x$/, '');

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
/**
 * The one path that takes posts without the CSRF header: RFC 8058 one-click unsubscribe comes from
 * mail clients and from the opt-out page's plain form. The route reads no cookie or bearer token (the
 * signed id in its URL is the whole proof), so a forged cross-site post can do nothing the link itself does not allow.
 */
export const NO_CSRF_HEADER_PATH = '/api/pages/opt-out';
/**
 * DICOMweb takes STOW-RS posts from DICOM systems (dcmtk, dicomweb-client, PACS) that know nothing of our
 * CSRF cookie. Every DICOMweb route authenticates by a header only (the bearer or image-viewer-token),
 * never by a cookie, and a cross-site page cannot set either header, so a forged post has no credential.
 */
export const NO_CSRF_HEADER_PREFIX = `${DICOMWEB_ROOT}/`;
/**
 * Issue 29: what SMART apps call from their own sites. They hold no cookie of ours and authenticate by
 * the bearer header (FHIR, DICOMweb) or by their client credentials in the body (token, registration),
 * so no CSRF header is asked for and any web origin may call, without credentials (`*`): a page on
 * another site can do nothing here that its own token does not allow.
 */
export const OPEN_API_PATHS = [
  SMART_API.token,
  SMART_API.register,
  SMART_API.jwks,
  // Issue 30: the payment processor's webhooks come server to server; the signature is the whole proof.
  BILLING_API.processorWebhook,
] as const;
/** The SMART Health Link manifests (`/api/shl/{id}`) are fetched by the receiver's app from its own site. */
export const OPEN_API_PREFIXES = [`${FHIR_ROOT}/`, `${DICOMWEB_ROOT}/`, `${SHL_ROOT}/`] as const;
export const isOpenApi = (path: string): boolean =>
  (OPEN_API_PATHS as readonly string[]).includes(path) || OPEN_API_PREFIXES.some((p) => path.startsWith(p));
/** Answer headers an app on another site must read: the Bulk Data status URL and progress, a created resource's place. */
export const OPEN_API_EXPOSED_HEADERS = [
  'content-location',
  'location',
  'x-progress',
  'retry-after',
  'www-authenticate',
];

/** Stricter per-address limits where guessing or flooding pays: sign-in and account creation. */
export const SENSITIVE =
  /^\/api\/smart\/register$|^\/api\/auth\/(login|createAccount|registerAccount|forgotPassword|resetPassword|refresh|phoneLogin|login-as-user|loginAsUser|verifyEmail|resendVerification)\b|^\/api\/auth\/checkUserEmail\/|^\/api\/(getUserInformation|createAccount|subscriptions|pages\/opt-out)\b/;
/** Methods and headers a browser on an allowlisted origin may send (CORS). */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'PUT', 'PATCH', 'POST', 'DELETE'];
export const ALLOWED_HEADERS = [
  'content-type',
  'authorization',
  CSRF_HEADER,
  'x-request-id',
  // FHIR's async request header, and DICOMweb's Accept (its quoted type= parameter makes it unsafelisted).
  'prefer',
  'accept',
];
