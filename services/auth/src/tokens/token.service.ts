import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JSONWebKeySet } from 'jose';
import type { EntityManager } from 'typeorm';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_DAYS, type AccessClaims } from '@portal/contracts';
import { AppError, type ContextKit, InjectContext, KeyRing, SessionRevocations, TOKEN_AUDIENCE, TOKEN_ISSUER } from '@portal/server-kit';
import { RefreshTokenEntity, SigningKeyEntity } from '../entities';

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
/** 256 random bits, URL-safe. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

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
    @InjectContext('auth') private readonly kit: ContextKit,
    private readonly keyRing: KeyRing,
    private readonly revocations: SessionRevocations,
  ) {}

  async onModuleInit(): Promise<void> {
    const repo = this.kit.ds.getRepository(SigningKeyEntity);
    let key = await repo.findOne({ where: {}, order: { createdAt: 'DESC' } });
    if (!key) {
      const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
      const kid = randomUUID();
      await repo.createQueryBuilder().insert().values({
        kid,
        privateJwk: await exportJWK(pair.privateKey),
        publicJwk: { ...(await exportJWK(pair.publicKey)), kid, alg: 'EdDSA', use: 'sig' },
      }).orIgnore().execute();
      key = await repo.findOneOrFail({ where: {}, order: { createdAt: 'DESC' } });
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

  /** A new refresh token; a new family unless it continues one (rotation). */
  async issueRefresh(tx: EntityManager, userId: string, remember: boolean, familyId: string = randomUUID()): Promise<{ refreshToken: string; familyId: string }> {
    const refreshToken = randomToken();
    const days = remember ? REFRESH_TOKEN_TTL_DAYS.remember : REFRESH_TOKEN_TTL_DAYS.session;
    await tx.getRepository(RefreshTokenEntity).insert({
      id: randomUUID(),
      familyId,
      userId,
      tokenHash: sha256(refreshToken),
      remember,
      expiresAt: new Date(Date.now() + days * 86400_000),
    });
    return { refreshToken, familyId };
  }

  /**
   * Rotation with reuse detection: a token is good once. Presenting a used or revoked token means it
   * was stolen or replayed, so its whole family is revoked at once.
   */
  async rotate(refreshToken: string): Promise<{ userId: string; refreshToken: string; familyId: string }> {
    const reused = await this.kit.events.transaction(async (tx) => {
      const repo = tx.getRepository(RefreshTokenEntity);
      const row = await repo.createQueryBuilder('t').setLock('pessimistic_write').where('t.token_hash = :h', { h: sha256(refreshToken) }).getOne();
      if (!row || row.expiresAt < new Date()) throw new AppError('AUTH.UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
      if (row.usedAt || row.revokedAt) {
        await this.revokeFamilies(tx, row.userId, [row.familyId]);
        return { userId: row.userId, familyId: row.familyId };
      }
      await repo.update({ id: row.id }, { usedAt: new Date() });
      const next = await this.issueRefresh(tx, row.userId, row.remember, row.familyId);
      return { userId: row.userId, ...next, rotated: true as const };
    });
    if (!('rotated' in reused)) {
      this.revocations.revokeSessions([reused.familyId]);
      throw new AppError('AUTH.REFRESH_REUSED', 'Your session has ended. Please sign in again.');
    }
    return reused;
  }

  /** Revokes the given families (or every open one of the user) and tells every context. */
  async revokeFamilies(tx: EntityManager, userId: string, familyIds?: string[]): Promise<string[]> {
    const rows: Array<{ family_id: string }> = familyIds
      ? familyIds.map((family_id) => ({ family_id }))
      : await tx.query(`SELECT DISTINCT family_id FROM auth.refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL`, [userId]);
    const ids = rows.map((r) => r.family_id);
    if (!ids.length) return ids;
    await tx.query(`UPDATE auth.refresh_tokens SET revoked_at = now() WHERE family_id = ANY($1::uuid[]) AND revoked_at IS NULL`, [ids]);
    await this.kit.events.record(tx, 'auth.session-revoked', { userId, sessionIds: ids });
    return ids;
  }

  /** Revokes in this process at once; other contexts learn it from the event. */
  revokeLocally(sessionIds: string[]): void {
    this.revocations.revokeSessions(sessionIds);
  }
}
