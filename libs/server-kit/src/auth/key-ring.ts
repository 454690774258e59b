import { Inject, Injectable } from '@nestjs/common';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';
import type { AccessClaims } from '@portal/contracts';
import { CONFIG } from '../tokens';
import type { PortalConfig } from '../config';
import { unauthenticated } from '../errors/app-error';

export const TOKEN_ISSUER = 'portal-auth';
export const TOKEN_AUDIENCE = 'portal';

const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Whether a token names an audience other than `audience`, read without trust. Such a token cannot
 * pass, so it fails before its signature is checked: a failed check is never remembered, and a SMART
 * app's token meets the portal's audience on every FHIR call (the global guard tries it on public
 * routes), as a patient's session meets FHIR's. What a token names never makes it pass.
 */
const namesOtherAudience = (token: string, audience: string): boolean => {
  try {
    const { aud } = decodeJwt(token);
    return aud !== undefined && !(Array.isArray(aud) ? aud.includes(audience) : aud === audience);
  } catch {
    return false;
  }
};

export type VerifiedClaims = AccessClaims & { iat: number; exp: number };

/**
 * Verifies access tokens with the auth context's public keys: in the same process the auth context
 * hands its JWKS over directly; a context running alone fetches them from AUTH_JWKS_URL.
 */
@Injectable()
export class KeyRing {
  private local?: JWTVerifyGetKey;
  private remote?: JWTVerifyGetKey;

  constructor(@Inject(CONFIG) private readonly config: PortalConfig) {}

  useLocalKeys(jwks: JSONWebKeySet): void {
    this.local = createLocalJWKSet(jwks);
  }

  private keys(): JWTVerifyGetKey {
    if (this.local) return this.local;
    if (!this.config.authJwksUrl) throw unauthenticated('Token keys are not available');
    this.remote ??= createRemoteJWKSet(new URL(this.config.authJwksUrl), { cooldownDuration: 30_000 });
    return this.remote;
  }

  /**
   * Signature checks are the costliest step of an authenticated call, and a client sends the same token
   * many times: a verified token is remembered until it expires. Revocation is checked on every call.
   */
  private readonly verified = new Map<string, VerifiedClaims>();

  /** Verifies a token for one audience: the portal's own ('portal') or SMART apps' (FHIR_TOKEN_AUDIENCE). */
  async verify(token: string, audience: string = TOKEN_AUDIENCE): Promise<VerifiedClaims> {
    const cacheKey = `${audience} ${token}`;
    const known = this.verified.get(cacheKey);
    if (known && known.exp * 1000 > Date.now()) return known;
    if (namesOtherAudience(token, audience)) throw unauthenticated();
    try {
      const { payload } = await jwtVerify(token, this.keys(), { issuer: TOKEN_ISSUER, audience });
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(cacheKey, payload as unknown as VerifiedClaims);
      return payload as unknown as VerifiedClaims;
    } catch {
      throw unauthenticated();
    }
  }
}

/**
 * Sessions ended by logout, password change, refresh-token reuse or account removal. Fed by
 * `auth.session-revoked` events (and directly by the auth context in its own process), so every
 * context refuses an access token of a revoked session. Entries outlive any access token, then go.
 */
@Injectable()
export class SessionRevocations {
  private readonly sessions = new Map<string, number>();

  revokeSessions(sessionIds: string[]): void {
    const now = Date.now();
    for (const sid of sessionIds) this.sessions.set(sid, now);
    if (this.sessions.size > 10_000) this.forgetOlderThan(now - 24 * 3600_000);
  }

  private forgetOlderThan(cut: number): void {
    for (const [sid, at] of this.sessions) if (at < cut) this.sessions.delete(sid);
  }

  isRevoked(claims: Pick<VerifiedClaims, 'sid'>): boolean {
    return this.sessions.has(claims.sid);
  }
}
