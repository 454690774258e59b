import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JSONWebKeySet } from 'jose';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type AccessClaims,
  FHIR_TOKEN_AUDIENCE,
  REFRESH_TOKEN_TTL_DAYS,
  SMART_ACCESS_TOKEN_TTL_SECONDS,
  type SmartAccessClaims,
} from '@portal/contracts';
import {
  InjectContext,
  KeyRing,
  type Queryable,
  SessionRevocations,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  type Tx,
  type UseCaseKit,
} from '@portal/server-kit';
import { RefreshTokenRepository } from './refresh-token.repository';
import { SigningKeyRepository } from './signing-key.repository';
import { randomToken, sha256 } from './random-token';

/**
 * Signs access tokens (EdDSA, with kid) and keeps refresh-token families. The key pair is made once
 * and kept in the auth schema; its public half is published as JWKS for the other contexts.
 */
@Injectable()
export class TokenService implements OnModuleInit {
  private signingKey!: CryptoKey;
  private kid!: string;
  private jwks!: JSONWebKeySet;

  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly keys: SigningKeyRepository,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly keyRing: KeyRing,
    private readonly revocations: SessionRevocations,
  ) {}

  async onModuleInit(): Promise<void> {
    let key = await this.keys.newest(this.kit.db);
    if (!key) {
      const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
      const kid = randomUUID();
      await this.keys.insert(this.kit.db, {
        kid,
        privateJwk: await exportJWK(pair.privateKey),
        publicJwk: { ...(await exportJWK(pair.publicKey)), kid, alg: 'EdDSA', use: 'sig' },
      });
      key = (await this.keys.newest(this.kit.db))!;
    }
    this.kid = key.kid;
    this.signingKey = (await importJWK(key.privateJwk, 'EdDSA')) as CryptoKey;
    this.jwks = { keys: [key.publicJwk] };
    this.keyRing.useLocalKeys(this.jwks);
  }

  publicKeys(): JSONWebKeySet {
    return this.jwks;
  }

  async signAccess(claims: AccessClaims): Promise<{ token: string; expiryTime: number }> {
    const { sub, ...rest } = claims;
    const token = await new SignJWT({ ...rest })
      .setProtectedHeader({ alg: 'EdDSA', kid: this.kid })
      .setSubject(sub)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.signingKey);
    return { token, expiryTime: Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000 };
  }

  /** A SMART app's access token: audience FHIR_TOKEN_AUDIENCE, so it opens FHIR and DICOMweb reads and nothing else. */
  async signSmartAccess(claims: SmartAccessClaims): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: 'EdDSA', kid: this.kid })
      .setSubject(sub)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(FHIR_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${SMART_ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.signingKey);
  }

  /** An OpenID Connect id token for a SMART app (`openid fhirUser`): who signed in, for that app only. */
  async signIdToken(t: { sub: string; clientId: string; issuer: string; fhirUser: string }): Promise<string> {
    return new SignJWT({ fhirUser: t.fhirUser })
      .setProtectedHeader({ alg: 'EdDSA', kid: this.kid })
      .setSubject(t.sub)
      .setIssuer(t.issuer)
      .setAudience(t.clientId)
      .setIssuedAt()
      .setExpirationTime(`${SMART_ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.signingKey);
  }

  /** A new refresh token; a new family unless it continues one (rotation). */
  async issueRefresh(
    tx: Queryable,
    userId: string,
    remember: boolean,
    familyId: string = randomUUID(),
  ): Promise<{ refreshToken: string; familyId: string }> {
    const refreshToken = randomToken();
    const days = remember ? REFRESH_TOKEN_TTL_DAYS.remember : REFRESH_TOKEN_TTL_DAYS.session;
    await this.refreshTokens.insert(tx, {
      id: randomUUID(),
      familyId,
      userId,
      tokenHash: sha256(refreshToken),
      remember,
      expiresAt: new Date(Date.now() + days * 86400_000),
    });
    return { refreshToken, familyId };
  }

  /** Revokes the given families (or every open one of the user) and tells every context. */
  async revokeFamilies(tx: Tx, userId: string, familyIds?: string[]): Promise<string[]> {
    const ids = familyIds ?? (await this.refreshTokens.openFamilies(tx, userId));
    if (!ids.length) return ids;
    await this.refreshTokens.revokeFamilies(tx, ids);
    await this.kit.events.record(tx, 'auth.session-revoked', { userId, sessionIds: ids });
    return ids;
  }

  /** Revokes in this process at once; other contexts learn it from the event. */
  revokeLocally(sessionIds: string[]): void {
    this.revocations.revokeSessions(sessionIds);
  }
}
