import type { MigrationInterface, QueryRunner } from 'typeorm';
import { type Queryable, returning } from '@portal/server-kit';

/**
 * The accounts whose address is proved already, from the audit log (append-only, written with each
 * change): a password set through a mailed set-password or reset link, a confirmed email change (its
 * link went to the new address, the current one), an account the demo seed made, a sign-up from a
 * sharing invitation (the only way to an EXTERNAL_VIEWER account: its signed link names the address),
 * and a verification link (none before this migration; counted so that a second run changes nothing).
 * Each gets email_verified_at (the time of its proof) and an `auth.email-verified` event in the outbox,
 * so sharing links the records shared with it. Every other account proves its address from now on.
 */
export const markProvedAccounts = async (db: Queryable): Promise<number> => {
  const rows = await returning<{ id: string }>(
    db,
    `
    WITH proofs AS (
      SELECT u.id, max(a.at) AS at FROM auth.users u
      JOIN auth.audit_log a ON a.resource_type = 'user' AND a.resource_id = u.id::text
      WHERE (a.action = 'auth.password-set' AND a.detail->>'purpose' IN ('SET_PASSWORD', 'RESET_PASSWORD'))
         OR a.action IN ('auth.email-verified', 'auth.email-changed', 'auth.demo-account-seeded')
         OR (a.action = 'auth.account-registered' AND EXISTS (SELECT 1 FROM auth.user_roles r WHERE r.user_id = u.id AND r.mnemonic = 'EXTERNAL_VIEWER'))
      GROUP BY u.id),
    proved AS (
      UPDATE auth.users u SET email_verified_at = p.at FROM proofs p
      WHERE u.id = p.id AND u.email_verified_at IS NULL RETURNING u.id, u.email, u.email_verified_at)
    INSERT INTO auth.outbox (id, type, payload)
    SELECT gen_random_uuid(), 'auth.email-verified', jsonb_build_object('userId', id, 'email', email, 'at', to_char(email_verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    FROM proved RETURNING id`,
    [],
  );
  return rows.length;
};

/** Issue 23: an address grants nothing until its owner proves it (a mailed link reached it). */
export class AuthEmailVerified1767000000000 implements MigrationInterface {
  name = 'AuthEmailVerified1767000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.users ADD COLUMN email_verified_at timestamptz`);
    await markProvedAccounts(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.users DROP COLUMN email_verified_at`);
  }
}
