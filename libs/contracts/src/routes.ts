import type { RoleMnemonic } from './roles';
import { PERSON_SUFFIX_TARGET, personPath, personSuffix, type PersonPath } from './groups/person-routes';
import { GROUP_SEATS_PAGE, PAYMENT_RESULT_PAGE } from './billing/api';

/** The seven separately deployed remotes, by package name (also the federation name with `_` for `-`). */
export const REMOTES = [
  'mfe-auth',
  'mfe-request-wizard',
  'mfe-records',
  'mfe-sharing',
  'mfe-viewer',
  'mfe-provider',
  'mfe-groups',
] as const;
export type RemoteName = (typeof REMOTES)[number];

/** Federation container name of a remote: dashes are not valid in a JS global. */
export const federationName = (remote: RemoteName): string => remote.replace(/-/g, '_');

/** `/remotes.json`: one remoteEntry URL per remote, served by the gateway from configuration. */
export type RemotesManifest = Record<RemoteName, string>;

export type RouteTableName = 'new' | 'legacy';

/** Who may enter a route: anyone, any signed-in user, or the named active roles. */
export type RouteAccess = 'public' | 'signed-in' | readonly RoleMnemonic[];

export interface RouteEntry {
  remote: RemoteName;
  /** A path pattern: `:name` matches one segment, a trailing `/*` matches the rest. */
  path: string;
  access: RouteAccess;
}

const PATIENT: readonly RoleMnemonic[] = ['PATIENT'];
const VIEWER_OR_PATIENT: readonly RoleMnemonic[] = ['PATIENT', 'EXTERNAL_VIEWER'];
const COORDINATION: readonly RoleMnemonic[] = ['MEDICAL_COORDINATOR', 'GROUP_ADMIN'];
// The data-request pages call the provider context, which serves provider staff only (decision 0004).
const DATA_REQUEST: readonly RoleMnemonic[] = ['EXTERNAL_PROVIDER'];
const SMART_FHIR_PAGE: readonly RoleMnemonic[] = ['PATIENT', 'SMART_FHIR'];

/** Issue 29's pages, the same in both tables. */
export const SMART_PAGES = {
  consent: '/smart/authorize',
  connectedApps: '/connected-apps',
  backup: '/download-everything',
} as const;

/** The common set always open to signed-in users, in both tables (account removal, change password, ...). */
const commonSet = (t: RouteTableName): RouteEntry[] => [
  { remote: 'mfe-auth', path: t === 'new' ? '/account-removal' : '/accountRemoval', access: 'signed-in' },
  { remote: 'mfe-auth', path: t === 'new' ? '/change-password' : '/changePassword', access: 'signed-in' },
  { remote: 'mfe-auth', path: t === 'new' ? '/my-identity' : '/myIdentity', access: 'signed-in' },
  { remote: 'mfe-auth', path: t === 'new' ? '/switch-role' : '/switchRole', access: 'signed-in' },
  { remote: 'mfe-records', path: '/videoMeeting/*', access: 'signed-in' },
  { remote: 'mfe-records', path: t === 'new' ? '/whole-body-scan/*' : '/simonOne/*', access: 'signed-in' },
  { remote: 'mfe-viewer', path: '/view/*', access: 'public' },
  // Issue 29: the SMART consent screen an app's authorization request leads to, and the patient's
  // Connected apps and Download everything (Settings pages in the new table, their own in the older).
  { remote: 'mfe-auth', path: SMART_PAGES.consent, access: PATIENT },
  { remote: 'mfe-auth', path: SMART_PAGES.connectedApps, access: PATIENT },
  { remote: 'mfe-auth', path: SMART_PAGES.backup, access: PATIENT },
  // Issue 30: the processor sends every payer back here (a group admin paying seats too); a group's
  // seats are its staff's; the rest of Subscription is the patient's.
  { remote: 'mfe-auth', path: PAYMENT_RESULT_PAGE, access: 'signed-in' },
  { remote: 'mfe-auth', path: `${GROUP_SEATS_PAGE}/:groupId`, access: COORDINATION },
  { remote: 'mfe-auth', path: '/subscription/*', access: PATIENT },
];

/** New route table (enable_v2 on). */
export const NEW_ROUTES: RouteEntry[] = [
  { remote: 'mfe-auth', path: '/login', access: 'public' },
  { remote: 'mfe-auth', path: '/signup', access: 'public' },
  { remote: 'mfe-auth', path: '/forgot-password', access: 'public' },
  { remote: 'mfe-auth', path: '/reset-password', access: 'public' },
  { remote: 'mfe-auth', path: '/loginAs', access: 'public' },
  { remote: 'mfe-auth', path: '/unsubscribe/:id', access: 'public' },
  { remote: 'mfe-auth', path: '/link-expired', access: 'public' },
  { remote: 'mfe-auth', path: '/email-updated-success', access: 'public' },
  { remote: 'mfe-auth', path: '/verify-email', access: 'public' },
  { remote: 'mfe-auth', path: '/:custodianId/login', access: 'public' },
  { remote: 'mfe-auth', path: '/settings/*', access: 'signed-in' },
  { remote: 'mfe-auth', path: '/personal-information', access: 'signed-in' },
  { remote: 'mfe-auth', path: '/notifications', access: 'signed-in' },
  { remote: 'mfe-auth', path: '/login-password-setting', access: 'signed-in' },
  { remote: 'mfe-auth', path: '/family-members', access: 'signed-in' },
  // The older identity verification, reachable from my-identity in this table too.
  { remote: 'mfe-auth', path: '/identity-verification', access: 'signed-in' },
  { remote: 'mfe-request-wizard', path: '/home', access: 'public' },
  { remote: 'mfe-request-wizard', path: '/request-records/*', access: 'public' },
  { remote: 'mfe-request-wizard', path: '/external-request/*', access: 'public' },
  { remote: 'mfe-request-wizard', path: '/facility/:id', access: 'public' },
  { remote: 'mfe-request-wizard', path: '/request-record', access: PATIENT },
  { remote: 'mfe-records', path: '/patient/home/*', access: PATIENT },
  { remote: 'mfe-records', path: '/patient/my-records/shared-with-me', access: VIEWER_OR_PATIENT },
  // A person a record is shared with opens it (the records context answers only what their grant covers).
  {
    remote: 'mfe-records',
    path: '/patient/my-records/view-request-report-details/*',
    access: VIEWER_OR_PATIENT,
  },
  { remote: 'mfe-records', path: '/patient/my-records/*', access: PATIENT },
  { remote: 'mfe-records', path: '/smart-fhir', access: SMART_FHIR_PAGE },
  { remote: 'mfe-records', path: '/report', access: PATIENT },
  { remote: 'mfe-sharing', path: '/patient/sharing-records/*', access: PATIENT },
  { remote: 'mfe-sharing', path: '/share-with-facility', access: PATIENT },
  { remote: 'mfe-sharing', path: '/print-access-form', access: PATIENT },
  // The Download tab of the Share Records dialog as a page (the sharing remote owns that tab).
  { remote: 'mfe-sharing', path: '/download', access: PATIENT },
  // The provider's Settings are the account settings every user has (mfe-auth's screens).
  { remote: 'mfe-auth', path: '/provider/settings', access: DATA_REQUEST },
  { remote: 'mfe-provider', path: '/provider/*', access: DATA_REQUEST },
  { remote: 'mfe-groups', path: '/groups/*', access: COORDINATION },
  { remote: 'mfe-groups', path: '/groupAdmin/*', access: ['GROUP_ADMIN'] },
  { remote: 'mfe-groups', path: '/pendingApproval', access: 'signed-in' },
  ...commonSet('new'),
];

/** Older route table (enable_v2 off). */
export const LEGACY_ROUTES: RouteEntry[] = [
  { remote: 'mfe-request-wizard', path: '/', access: 'public' },
  { remote: 'mfe-auth', path: '/login', access: 'public' },
  { remote: 'mfe-auth', path: '/signup', access: 'public' },
  { remote: 'mfe-auth', path: '/forgotPassword', access: 'public' },
  { remote: 'mfe-auth', path: '/loginUsingPhoneNumber', access: 'public' },
  { remote: 'mfe-auth', path: '/passwordReset', access: 'public' },
  { remote: 'mfe-auth', path: '/:id/login', access: 'public' },
  { remote: 'mfe-auth', path: '/unsubscribe/:id', access: 'public' },
  { remote: 'mfe-auth', path: '/myProfile', access: 'signed-in' },
  { remote: 'mfe-auth', path: '/personalInfo', access: 'signed-in' },
  { remote: 'mfe-auth', path: '/identityVerification', access: 'signed-in' },
  { remote: 'mfe-auth', path: '/familyMembers', access: 'signed-in' },
  // Not in the older list, but its settings page links to them: the same screens as the new table.
  { remote: 'mfe-auth', path: '/notifications', access: 'signed-in' },
  { remote: 'mfe-auth', path: '/loginAs', access: 'public' },
  { remote: 'mfe-auth', path: '/email-updated-success', access: 'public' },
  { remote: 'mfe-auth', path: '/verify-email', access: 'public' },
  { remote: 'mfe-auth', path: '/link-expired', access: 'public' },
  { remote: 'mfe-request-wizard', path: '/facility/:id', access: 'public' },
  { remote: 'mfe-request-wizard', path: '/requestRecord/*', access: PATIENT },
  // The wizard's steps (where /requestRecord and the landing's search lead), as in the new table.
  { remote: 'mfe-request-wizard', path: '/request-records/*', access: 'public' },
  { remote: 'mfe-records', path: '/home', access: PATIENT },
  { remote: 'mfe-records', path: '/myRecords', access: PATIENT },
  { remote: 'mfe-records', path: '/openRequests', access: PATIENT },
  { remote: 'mfe-records', path: '/recordDetails', access: VIEWER_OR_PATIENT },
  { remote: 'mfe-records', path: '/details', access: PATIENT },
  { remote: 'mfe-records', path: '/sharedWithMe', access: VIEWER_OR_PATIENT },
  { remote: 'mfe-records', path: '/shared', access: ['EXTERNAL_VIEWER'] },
  // Not in the older list, but the SMART_FHIR role has no other page it may use (decision 0004).
  { remote: 'mfe-records', path: '/smart-fhir', access: SMART_FHIR_PAGE },
  { remote: 'mfe-sharing', path: '/sharing', access: PATIENT },
  { remote: 'mfe-provider', path: '/dataRequest', access: DATA_REQUEST },
  { remote: 'mfe-provider', path: '/data-request/*', access: DATA_REQUEST },
  { remote: 'mfe-groups', path: '/groups/*', access: COORDINATION },
  { remote: 'mfe-groups', path: '/groupAdmin/*', access: ['GROUP_ADMIN'] },
  { remote: 'mfe-groups', path: '/pendingApproval', access: 'signed-in' },
  ...commonSet('legacy'),
];

export const routeTable = (name: RouteTableName): RouteEntry[] =>
  name === 'new' ? NEW_ROUTES : LEGACY_ROUTES;

/** Named destinations that differ between the two tables. */
export const PATHS = {
  new: {
    login: '/login',
    signup: '/signup',
    forgotPassword: '/forgot-password',
    resetPassword: '/reset-password',
    linkExpired: '/link-expired',
    verifyEmail: '/verify-email',
    landing: '/home',
    unauthorized: '/home',
    patientHome: '/patient/my-records/all-requests',
    providerHome: '/provider/all-records',
    settings: '/settings',
    personalInformation: '/settings/personal-information',
    loginPassword: '/settings/login-password-setting',
    notifications: '/settings/notifications',
    myIdentity: '/my-identity',
    identityVerification: '/identity-verification',
    // The records, sharing, provider and wizard pages the remotes link to. A name ending in a folder
    // takes the ids after it: `${recordView}/{patientRequestId}/{responseId}`.
    recordsHome: '/patient/home',
    myRecords: '/patient/my-records',
    openRequests: '/patient/my-records/open-requests',
    sharedWithMe: '/patient/my-records/shared-with-me',
    requestStatus: '/patient/my-records/review-request-details',
    recordView: '/patient/my-records/view-request-report-details',
    report: '/report',
    sharing: '/patient/sharing-records',
    sharingPeople: '/patient/sharing-records/sharing-peoples',
    sharingDetails: '/patient/sharing-records/sharing-details',
    providerRequests: '/provider/external-requests',
    providerRequest: '/provider/patient-request-detail',
    providerRecord: '/provider/view-request-report-details',
    requestRecords: '/request-records',
    unlistedFacility: '/request-records/unlisted-facility',
    externalRequest: '/external-request',
    // Whole body scans (records spec §2.9): the list is a tab of My Records; a scan's report is
    // `${wholeBodyScan}/{scanId}` and its full details `${wholeBodyScan}/{scanId}/details`.
    wholeBodyScans: '/patient/my-records/whole-body-scans',
    wholeBodyScan: '/whole-body-scan',
  },
  legacy: {
    login: '/login',
    signup: '/signup',
    forgotPassword: '/forgotPassword',
    resetPassword: '/passwordReset',
    linkExpired: '/link-expired',
    verifyEmail: '/verify-email',
    landing: '/',
    unauthorized: '/login',
    patientHome: '/myRecords',
    providerHome: '/dataRequest',
    settings: '/myProfile',
    personalInformation: '/personalInfo',
    // The older table has no login-password page of its own: its change-password route draws that screen.
    loginPassword: '/changePassword',
    notifications: '/notifications',
    myIdentity: '/myIdentity',
    identityVerification: '/identityVerification',
    recordsHome: '/home',
    openRequests: '/openRequests',
    sharedWithMe: '/sharedWithMe',
    sharing: '/sharing',
    providerRequests: '/dataRequest',
    // The request in ?id=; its upload page adds &documentRequestId=.
    providerRequest: '/data-request/details',
    providerUpload: '/data-request/details/upload',
    requestRecords: '/request-records',
    unlistedFacility: '/request-records/unlisted-facility',
    // Whole body scans: the list, and the scan in ?id= (its report; &view=details its full details).
    wholeBodyScans: '/simonOne',
    wholeBodyScanDetails: '/simonOne/details',
  },
} as const;

/** Fallback page of each role (spec: PATIENT to my-records, coordinators to groups, ...). */
export const roleFallback = (role: RoleMnemonic | undefined, table: RouteTableName): string => {
  const t = table === 'new';
  switch (role) {
    case 'PATIENT':
      return t ? '/patient/my-records/all-requests' : '/myRecords';
    case 'MEDICAL_COORDINATOR':
      return '/groups';
    case 'GROUP_ADMIN':
      return '/groupAdmin';
    case 'EXTERNAL_VIEWER':
      return t ? '/patient/my-records/shared-with-me' : '/sharedWithMe';
    // Its own page: the data-request page of "any other role" answers it 403 (decision 0004).
    case 'SMART_FHIR':
      return '/smart-fhir';
    default:
      return t ? '/provider/external-requests' : '/dataRequest';
  }
};

/** Matches a pathname against a RouteEntry.path: `:name` is one non-empty segment, `/*` any rest. */
export const matchPath = (pattern: string, pathname: string): boolean => {
  const split = (p: string) => (p.replace(/\/+$/, '') || '/').split('/');
  const wildcard = pattern.endsWith('/*');
  const pat = split(wildcard ? pattern.slice(0, -2) : pattern);
  const path = split(pathname);
  if (wildcard ? path.length < pat.length : path.length !== pat.length) return false;
  return pat.every((seg, i) => (seg.startsWith(':') ? path[i] !== '' : seg === path[i]));
};

const firstMatch = (table: RouteTableName, pathname: string): RouteEntry | undefined =>
  routeTable(table).find((r) => matchPath(r.path, pathname));

/** The auth pages a coordinator may open for a member: the person's own details, never the caller's account. */
const ACTING_AUTH_PAGES = new Set([
  '/settings/personal-information',
  '/personal-information',
  '/family-members',
  '/my-identity',
  '/identity-verification',
  '/personalInfo',
  '/familyMembers',
  '/myIdentity',
  '/identityVerification',
]);

const openToPatient = (access: RouteAccess): boolean =>
  access === 'public' || access === 'signed-in' || access.includes('PATIENT');

/**
 * A patient's page opened under a person path (decision 0027): the remote that owns the page draws it,
 * entered by the coordination role of that prefix only, and only for a page a patient may open. The
 * groups area's own pages (invitations, consent) and the auth pages about the caller's own account are
 * never acted on.
 */
const actingRoute = (table: RouteTableName, person: PersonPath): RouteEntry | undefined => {
  const inner = firstMatch(table, person.rest);
  if (!inner || inner.remote === 'mfe-groups' || !openToPatient(inner.access)) return undefined;
  if (inner.remote === 'mfe-auth' && !ACTING_AUTH_PAGES.has(person.rest)) return undefined;
  return {
    remote: inner.remote,
    path: `${person.base}${inner.path}`,
    access: person.groupAdminId === null ? ['MEDICAL_COORDINATOR'] : ['GROUP_ADMIN'],
  };
};

/**
 * Whether a person path's rest is a patient page: anything but a spec suffix, and also the suffixes that
 * name the legacy table's own patient pages (`/myRecords`, `/openRequests`, `/personalInfo`,
 * `/familyMembers`), which that page's remote draws in place.
 */
const isPatientPage = (table: RouteTableName, rest: string): boolean => {
  const suffix = personSuffix(rest);
  return suffix === null || (suffix !== 'info' && PERSON_SUFFIX_TARGET[table][suffix] === rest);
};

/**
 * The route entry that owns a pathname in a table; first match wins, so specific paths are listed first.
 * A person path (`/groups/{g}/user/{u}/…`) with a spec suffix or nothing after it is the groups area's; with
 * a patient page after it, that page's remote owns it (decision 0027).
 */
export const findRoute = (table: RouteTableName, pathname: string): RouteEntry | undefined => {
  const person = personPath(pathname);
  if (person && person.rest !== '' && isPatientPage(table, person.rest)) return actingRoute(table, person);
  return firstMatch(table, pathname);
};

/** Paths whose layout has no top header (report-detail pages). */
export const isReportDetailPath = (pathname: string): boolean =>
  /view-request-report-details|\/report(\/|$)/.test(pathname);

/** Page title rule: 'Patient Login' on login, forgot-password and signup paths. */
export const PRODUCT_NAME = 'Patient Portal';
/** Login, sign-up and forgot-password pages (named alike in both tables and on a custodian's login). */
export const SIGN_IN_PAGE = /(^|\/)(login|signup|forgot-password|forgotPassword)(\/|$)/;
export const pageTitle = (pathname: string): string =>
  SIGN_IN_PAGE.test(pathname) ? 'Patient Login' : PRODUCT_NAME;
