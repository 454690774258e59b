import { notFound } from '../errors/app-error';
import type { VerifiedClaims } from './key-ring';

/**
 * Object-level access: a caller who may not see a thing is told it does not exist (404), so ids
 * cannot be probed. `allowed` lists the user ids that may act on it (owner, delegates, grantees).
 */
export const assertAccess = <T>(
  thing: T | null | undefined,
  user: Pick<VerifiedClaims, 'sub'>,
  allowed: (thing: T) => Array<string | null | undefined>,
  what = 'Resource',
): T => {
  if (!thing || !allowed(thing).includes(user.sub)) throw notFound(what);
  return thing;
};

/** The common case: the row's owner column must be the caller. */
export const assertOwner = <T extends Record<K, string | null>, K extends keyof T>(
  thing: T | null | undefined,
  user: Pick<VerifiedClaims, 'sub'>,
  ownerKey: K,
  what = 'Resource',
): T => assertAccess(thing, user, (t) => [t[ownerKey] as string | null], what);
