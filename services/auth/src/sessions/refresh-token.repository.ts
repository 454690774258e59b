import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';

export interface RefreshTokenRow {
  id: string;
  familyId: string;
  userId: string;
  remember: boolean;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
}

/**
 * All SQL on refresh tokens: one row per issued token; tokens of one sign-in share a family (the
 * session id of the access tokens). Only the sha256 of a token is stored.
 */
@Injectable()
export class RefreshTokenRepository {
  async insert(
    tx: Queryable,
    t: {
      id: string;
      familyId: string;
      userId: string;
      tokenHash: string;
      remember: boolean;
      expiresAt: Date;
    },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO auth.refresh_tokens (id, family_id, user_id, token_hash, remember, expires_at) VALUES ($1,$2,$3,$4,$5,$6)`,
      [t.id, t.familyId, t.userId, t.tokenHash, t.remember, t.expiresAt],
    );
  }

  /** The token of a hash, locked until the caller's transaction ends. */
  async lockByHash(tx: Queryable, tokenHash: string): Promise<RefreshTokenRow | null> {
    const [row] = await tx.query(
      `SELECT id, family_id AS "familyId", user_id AS "userId", remember, expires_at AS "expiresAt", used_at AS "usedAt", revoked_at AS "revokedAt"
       FROM auth.refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
      [tokenHash],
    );
    return row ?? null;
  }

  async markUsed(tx: Queryable, id: string): Promise<void> {
    await tx.query(`UPDATE auth.refresh_tokens SET used_at = now() WHERE id = $1`, [id]);
  }

  /** The families of a user that still have a live token. */
  async openFamilies(tx: Queryable, userId: string): Promise<string[]> {
    const rows: Array<{ family_id: string }> = await tx.query(
      `SELECT DISTINCT family_id FROM auth.refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL`,
      [userId],
    );
    return rows.map((r) => r.family_id);
  }

  async revokeFamilies(tx: Queryable, familyIds: string[]): Promise<void> {
    await tx.query(
      `UPDATE auth.refresh_tokens SET revoked_at = now() WHERE family_id = ANY($1::uuid[]) AND revoked_at IS NULL`,
      [familyIds],
    );
  }
}
