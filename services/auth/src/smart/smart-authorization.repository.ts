import { Injectable } from '@nestjs/common';
import { type Queryable, returning } from '@portal/server-kit';

export interface ConsentRequestRow {
  id: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string | null;
  codeChallenge: string;
  expiresAt: Date;
  answeredAt: Date | null;
}

export interface AuthorizationRow {
  id: string;
  userId: string;
  clientId: string;
  scopes: string[];
  patientId: string | null;
  grantedAt: Date;
  lastTokenAt: Date | null;
  revokedAt: Date | null;
}

/** A code or refresh token row, locked for the exchange, with its authorization. */
export interface ExchangeRow {
  authorization: AuthorizationRow;
  usedAt: Date | null;
  expiresAt: Date;
  redirectUri?: string;
  codeChallenge?: string;
}

const AUTHORIZATION = `a.id, a.user_id AS "userId", a.client_id AS "clientId", a.scopes, a.patient_id AS "patientId",
  a.granted_at AS "grantedAt", a.last_token_at AS "lastTokenAt", a.revoked_at AS "revokedAt"`;

const asExchange = (
  row: (AuthorizationRow & Omit<ExchangeRow, 'authorization'> & { tokenUsedAt: Date | null }) | undefined,
) =>
  row
    ? {
        authorization: {
          id: row.id,
          userId: row.userId,
          clientId: row.clientId,
          scopes: row.scopes,
          patientId: row.patientId,
          grantedAt: row.grantedAt,
          lastTokenAt: row.lastTokenAt,
          revokedAt: row.revokedAt,
        },
        usedAt: row.tokenUsedAt,
        expiresAt: row.expiresAt,
        redirectUri: row.redirectUri,
        codeChallenge: row.codeChallenge,
      }
    : null;

/**
 * All SQL on a patient's consent to an app: pending consent requests, the authorizations they became,
 * and the single-use codes and refresh tokens each authorization issues (stored as sha256 only).
 */
@Injectable()
export class SmartAuthorizationRepository {
  async insertConsentRequest(db: Queryable, r: Omit<ConsentRequestRow, 'answeredAt'>): Promise<void> {
    await db.query(
      `INSERT INTO auth.smart_consent_requests (id, client_id, redirect_uri, scopes, state, code_challenge, expires_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7)`,
      [r.id, r.clientId, r.redirectUri, r.scopes, r.state, r.codeChallenge, r.expiresAt],
    );
  }

  /** A request still waiting for its answer. */
  async openConsentRequest(db: Queryable, id: string): Promise<ConsentRequestRow | null> {
    const [row] = await db.query(
      `SELECT id, client_id AS "clientId", redirect_uri AS "redirectUri", scopes, state, code_challenge AS "codeChallenge",
         expires_at AS "expiresAt", answered_at AS "answeredAt"
       FROM auth.smart_consent_requests WHERE id = $1 AND answered_at IS NULL AND expires_at > now()`,
      [id],
    );
    return row ?? null;
  }

  /** Answers a request once: false when it was answered already or has expired (two tabs, a replay). */
  async answer(tx: Queryable, id: string): Promise<boolean> {
    const rows = await returning(
      tx,
      `UPDATE auth.smart_consent_requests SET answered_at = now() WHERE id = $1 AND answered_at IS NULL AND expires_at > now() RETURNING id`,
      [id],
    );
    return rows.length === 1;
  }

  async insertAuthorization(
    tx: Queryable,
    a: { id: string; userId: string; clientId: string; scopes: string[]; patientId: string | null },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO auth.smart_authorizations (id, user_id, client_id, scopes, patient_id) VALUES ($1,$2,$3,$4,$5)`,
      [a.id, a.userId, a.clientId, a.scopes, a.patientId],
    );
  }

  /** The live authorizations of a user, or of a user and one app; newest first. */
  async liveAuthorizations(db: Queryable, userId: string, clientId?: string): Promise<AuthorizationRow[]> {
    return db.query(
      `SELECT ${AUTHORIZATION} FROM auth.smart_authorizations a
       WHERE a.user_id = $1 AND a.revoked_at IS NULL AND ($2::text IS NULL OR a.client_id = $2) ORDER BY a.granted_at DESC`,
      [userId, clientId ?? null],
    );
  }

  /** Revokes live authorizations by id (of this user when given); answers the ids it revoked. */
  async revoke(tx: Queryable, ids: string[], reason: string, userId?: string): Promise<string[]> {
    const rows = await returning<{ id: string }>(
      tx,
      `UPDATE auth.smart_authorizations SET revoked_at = now(), revoked_reason = $2
       WHERE id = ANY($1::uuid[]) AND revoked_at IS NULL AND ($3::uuid IS NULL OR user_id = $3) RETURNING id`,
      [ids, reason, userId ?? null],
    );
    return rows.map((r) => r.id);
  }

  async touch(tx: Queryable, authorizationId: string): Promise<void> {
    await tx.query(`UPDATE auth.smart_authorizations SET last_token_at = now() WHERE id = $1`, [
      authorizationId,
    ]);
  }

  async insertCode(
    tx: Queryable,
    c: {
      codeHash: string;
      authorizationId: string;
      redirectUri: string;
      codeChallenge: string;
      expiresAt: Date;
    },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO auth.smart_codes (code_hash, authorization_id, redirect_uri, code_challenge, expires_at) VALUES ($1,$2,$3,$4,$5)`,
      [c.codeHash, c.authorizationId, c.redirectUri, c.codeChallenge, c.expiresAt],
    );
  }

  /** A code and its authorization, locked until the exchange's transaction ends. */
  async lockCode(tx: Queryable, codeHash: string): Promise<ExchangeRow | null> {
    const [row] = await tx.query(
      `SELECT ${AUTHORIZATION}, c.used_at AS "tokenUsedAt", c.expires_at AS "expiresAt", c.redirect_uri AS "redirectUri",
         c.code_challenge AS "codeChallenge"
       FROM auth.smart_codes c JOIN auth.smart_authorizations a ON a.id = c.authorization_id
       WHERE c.code_hash = $1 FOR UPDATE OF c, a`,
      [codeHash],
    );
    return asExchange(row);
  }

  async markCodeUsed(tx: Queryable, codeHash: string): Promise<void> {
    await tx.query(`UPDATE auth.smart_codes SET used_at = now() WHERE code_hash = $1`, [codeHash]);
  }

  async insertRefreshToken(
    tx: Queryable,
    t: { tokenHash: string; authorizationId: string; expiresAt: Date },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO auth.smart_refresh_tokens (token_hash, authorization_id, expires_at) VALUES ($1,$2,$3)`,
      [t.tokenHash, t.authorizationId, t.expiresAt],
    );
  }

  /** A refresh token and its authorization, locked until the rotation's transaction ends. */
  async lockRefreshToken(tx: Queryable, tokenHash: string): Promise<ExchangeRow | null> {
    const [row] = await tx.query(
      `SELECT ${AUTHORIZATION}, t.used_at AS "tokenUsedAt", t.expires_at AS "expiresAt"
       FROM auth.smart_refresh_tokens t JOIN auth.smart_authorizations a ON a.id = t.authorization_id
       WHERE t.token_hash = $1 FOR UPDATE OF t, a`,
      [tokenHash],
    );
    return asExchange(row);
  }

  async markRefreshTokenUsed(tx: Queryable, tokenHash: string): Promise<void> {
    await tx.query(`UPDATE auth.smart_refresh_tokens SET used_at = now() WHERE token_hash = $1`, [tokenHash]);
  }
}
