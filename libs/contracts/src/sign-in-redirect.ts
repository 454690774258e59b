/**
 * The saved redirect (spec 000 §2, §3: a redirect value in browser storage): where a visitor who had to
 * sign in first was going. The shell saves it, the login screen follows it once; both check it here.
 */
import type { RoleMnemonic } from './roles';
import { SIGN_IN_PAGE, findRoute, type RouteAccess, type RouteTableName } from './routes';

/** Whether a route lets a visitor in: anyone on a public one, any signed-in user, or the named active roles. */
export const mayEnter = (access: RouteAccess, signedIn: boolean, role?: RoleMnemonic): boolean =>
  access === 'public' ||
  (signedIn && (access === 'signed-in' || (role !== undefined && access.includes(role))));

/** Longer than any path of ours with its query: not something the portal saved. */
const MAX_REDIRECT_LENGTH = 2048;

/**
 * A path of this site, the only redirect the portal follows: one leading '/' and nothing a browser reads
 * as another host. `//evil.example` and `/\evil` are protocol-relative URLs to browsers (a backslash counts
 * as a slash, and tabs and line breaks are dropped before parsing), and a scheme never starts with '/'.
 */
export const isSameSitePath = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length <= MAX_REDIRECT_LENGTH &&
  /^\/(?![/\\])/.test(value) &&
  // eslint-disable-next-line no-control-regex
  !/[\\\u0000-\u001f\u007f]/.test(value);

/** The path part of a saved value, without its query or fragment. */
export const redirectPathname = (value: string): string => value.split(/[?#]/)[0];

/**
 * Where a sign-in goes back to: the saved value when it is a same-site path of the route table that the
 * signed-in role may enter (and not a sign-in page itself), else null (the role's own page then).
 */
export const redirectAfterSignIn = (
  table: RouteTableName,
  saved: string | null | undefined,
  role: RoleMnemonic | undefined,
): string | null => {
  if (!isSameSitePath(saved)) return null;
  const path = redirectPathname(saved);
  if (SIGN_IN_PAGE.test(path)) return null;
  const entry = findRoute(table, path);
  return entry && mayEnter(entry.access, true, role) ? saved : null;
};
