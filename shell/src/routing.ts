/**
 * Pure start-up and navigation rules of the shell (spec 000 §2 Role-based entry): which remote is
 * active, who may enter a route, and where a visitor is redirected. No browser access here.
 */
import {
  PATHS,
  findRoute,
  isSameSitePath,
  mayEnter,
  redirectPathname,
  roleFallback,
} from '@portal/contracts';
import type { RemoteName, RoleMnemonic, RouteEntry, RouteTableName } from '@portal/contracts';

export interface SessionView {
  signedIn: boolean;
  role?: RoleMnemonic;
}

export const canAccess = (entry: RouteEntry, session: SessionView): boolean =>
  mayEnter(entry.access, session.signedIn, session.role);

/** single-spa activity: the route's owner is this remote and the visitor may enter it. */
export const isRemoteActive = (
  remote: RemoteName,
  table: RouteTableName,
  pathname: string,
  session: SessionView,
): boolean => {
  const entry = findRoute(table, pathname);
  return entry?.remote === remote && canAccess(entry, session);
};

const PROVIDER_ROLES: readonly RoleMnemonic[] = ['EXTERNAL_PROVIDER'];
const SIGN_IN_PAGES = /^\/(login|signup)\/?$/;
const normalise = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/**
 * Rules applied on every route change: unknown paths, signed-out visitors on protected pages and
 * roles without access. Returns the path to go to, or null to stay.
 */
export const guardRedirect = (
  table: RouteTableName,
  pathname: string,
  session: SessionView,
): string | null => {
  const path = normalise(pathname);
  const entry = findRoute(table, path);
  const paths = PATHS[table];
  if (!session.signedIn) {
    if (entry) return entry.access === 'public' ? null : paths.login;
    // '/' (new table) and unknown paths go to the landing page.
    return path === paths.landing ? null : paths.landing;
  }
  // A signed-in user on the landing root, an unknown path or a route of another role goes to the role's page.
  if (path === '/') return roleFallback(session.role, table);
  if (!entry) return roleFallback(session.role, table);
  if (!canAccess(entry, session)) return roleFallback(session.role, table);
  // The bare my-records page opens its all-requests tab.
  if (table === 'new' && path === '/patient/my-records') return paths.patientHome;
  return null;
};

/**
 * The page a signed-out visitor is sent to login from, to save as the redirect value and come back to
 * after sign-in: `pathname + search` of a route that is not public, when it is a same-site path. Null
 * when the guard does not send this visitor to login (signed in, a public page, an unknown path).
 */
export const comeBackAfterSignIn = (
  table: RouteTableName,
  pathname: string,
  search: string,
  session: SessionView,
): string | null => {
  if (session.signedIn) return null;
  const entry = findRoute(table, normalise(pathname));
  if (!entry || entry.access === 'public') return null;
  const value = pathname + search;
  return isSameSitePath(value) ? value : null;
};

export interface StartupInput {
  table: RouteTableName;
  pathname: string;
  search?: string;
  session: SessionView;
  /** The saved redirect value from storage (already consumed). */
  savedRedirect?: string | null;
}

/** Redirects applied once, when the portal loads. Returns the URL to replace the current one with, or null. */
export const startupRedirect = ({
  table,
  pathname,
  search = '',
  session,
  savedRedirect,
}: StartupInput): string | null => {
  const paths = PATHS[table];
  if (isSameSitePath(savedRedirect)) {
    const guarded = guardRedirect(table, redirectPathname(savedRedirect), session);
    // A signed-out visitor's saved page that needs sign-in waits for it (the login screen goes there);
    // meanwhile the page asked for is handled as usual.
    if (session.signedIn || guarded === null) {
      return guarded ?? (savedRedirect === pathname + search ? null : savedRedirect);
    }
  }
  const path = normalise(pathname);
  // External-request paths open the external consent page; the second segment is the custodian id.
  const external = /^\/external-request\/([^/]+)/.exec(path);
  if (external) {
    const consent = `/external-request/${external[1]}/consent`;
    return path === consent ? null : consent + search;
  }
  if (session.signedIn) {
    const entry = findRoute(table, path);
    const isProvider = session.role !== undefined && PROVIDER_ROLES.includes(session.role);
    // A signed-in provider goes to the provider area (unless on a page every signed-in user has).
    if (isProvider && (!entry || entry.access === 'public' || path === '/') && !path.startsWith('/view/')) {
      return paths.providerHome;
    }
    // A signed-in user does not see the sign-in pages again.
    if (SIGN_IN_PAGES.test(path)) return isProvider ? paths.providerHome : roleFallback(session.role, table);
    // A signed-in patient on my-records or an unlisted path goes to all my records.
    if (session.role === 'PATIENT' && (!entry || path === '/patient/my-records')) {
      return path === paths.patientHome ? null : paths.patientHome;
    }
  }
  return guardRedirect(table, path, session);
};

/**
 * The redirect value to keep in storage after start-up (the shell consumed it to read it): none once
 * signed in (it was honoured or refused); for a signed-out visitor sent to login, the page asked for;
 * otherwise the saved page that still waits for a sign-in.
 */
export const redirectKeptAtStartup = ({
  table,
  pathname,
  search = '',
  session,
  savedRedirect,
}: StartupInput): string | null => {
  if (session.signedIn) return null;
  const here = comeBackAfterSignIn(table, pathname, search, session);
  if (here) return here;
  if (!isSameSitePath(savedRedirect)) return null;
  const entry = findRoute(table, normalise(redirectPathname(savedRedirect)));
  return entry && entry.access !== 'public' ? savedRedirect : null;
};

/** Layout rules: the header is hidden on report-detail pages; the side menu also on detail pages and when signed out. */
export const hideSideMenu = (pathname: string, signedIn: boolean): boolean =>
  !signedIn ||
  /review-request-details|view-request-report-details|patient-request-detail|\/report(\/|$)/.test(pathname);
