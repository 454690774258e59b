import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';

export interface AccountLinkRow {
  id: string;
  userId: string;
  purpose: string;
  expiresAt: Date;
  usedAt: Date | null;
  /** What the link carries besides the user: the new address of an email change. */
  payload: Record<string, unknown> | null;
}

/** All SQL on single-use links (auth.password_tokens): only the sha256 of a token is stored. */
@Injectable()
export class AccountLinkRepository {
  async insert(
    tx: Queryable,
    l: {
      id: string;
      userId: string;
      purpose: string;
      tokenHash: string;
      expiresAt: Date;
      payload: Record<string, unknown> | null;
    },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO auth.password_tokens (id, user_id, purpose, token_hash, expires_at, payload) VALUES ($1,$2,$3,$4,$5,$6)`,
      [l.id, l.userId, l.purpose, l.tokenHash, l.expiresAt, l.payload],
    );
  }

  /** Uses up every unused link of these purposes of a user, so only a newer one works. */
  async retire(tx: Queryable, userId: string, purposes: readonly string[]): Promise<void> {
    await tx.query(
      `UPDATE auth.password_tokens SET used_at = now() WHERE user_id = $1 AND purpose = ANY($2::text[]) AND used_at IS NULL`,
      [userId, purposes],
    );
  }

  /** The link of a token hash and one of these purposes, locked until the caller's transaction ends. */
  async lockByHash(
    tx: Queryable,
    tokenHash: string,
    purposes: readonly string[],
  ): Promise<AccountLinkRow | null> {
    const [row] = await tx.query(
      `SELECT id, user_id AS "userId", purpose, expires_at AS "expiresAt", used_at AS "usedAt", payload
       FROM auth.password_tokens WHERE token_hash = $1 AND purpose = ANY($2::text[]) FOR UPDATE`,
      [tokenHash, purposes],
    );
    return row ?? null;
  }

  async markUsed(tx: Queryable, id: string): Promise<void> {
    await tx.query(`UPDATE auth.password_tokens SET used_at = now() WHERE id = $1`, [id]);
  }
}
