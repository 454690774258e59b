import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is the base64url of a sha256: 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export const isS256Challenge = (challenge: string | undefined): challenge is string =>
  !!challenge && S256_CHALLENGE.test(challenge);

export const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

/** Whether a code verifier proves the challenge (S256 only: SMART 2.2 forbids `plain`). */
export const verifierProves = (verifier: string | undefined, challenge: string): boolean => {
  if (!verifier || !VERIFIER.test(verifier)) return false;
  const a = Buffer.from(s256(verifier));
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
};
