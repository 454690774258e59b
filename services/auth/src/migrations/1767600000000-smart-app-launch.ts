import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: SMART App Launch. Apps (clients) register themselves; a patient's consent is an
 * authorization, whose id is the `sid` of every token it issues (revoking it is one
 * `auth.session-revoked`). Codes and refresh tokens are kept as sha256 only, each good once.
 */
export class AuthSmartAppLaunch1767600000000 implements MigrationInterface {
  name = 'AuthSmartAppLaunch1767600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE auth.smart_clients (
      client_id text PRIMARY KEY, client_name text NOT NULL, redirect_uris text[] NOT NULL,
      auth_method text NOT NULL, secret_hash text, created_at timestamptz NOT NULL DEFAULT now())`);
    // An authorization request waiting for the patient's answer on the consent screen.
    await q.query(`CREATE TABLE auth.smart_consent_requests (
      id uuid PRIMARY KEY, client_id text NOT NULL REFERENCES auth.smart_clients (client_id) ON DELETE CASCADE,
      redirect_uri text NOT NULL, scopes text[] NOT NULL, state text, code_challenge text NOT NULL,
      expires_at timestamptz NOT NULL, answered_at timestamptz)`);
    await q.query(`CREATE TABLE auth.smart_authorizations (
      id uuid PRIMARY KEY, user_id uuid NOT NULL, client_id text NOT NULL REFERENCES auth.smart_clients (client_id) ON DELETE CASCADE,
      scopes text[] NOT NULL, patient_id uuid, granted_at timestamptz NOT NULL DEFAULT now(),
      last_token_at timestamptz, revoked_at timestamptz, revoked_reason text)`);
    await q.query(
      `CREATE INDEX smart_authorizations_user ON auth.smart_authorizations (user_id) WHERE revoked_at IS NULL`,
    );
    await q.query(`CREATE TABLE auth.smart_codes (
      code_hash text PRIMARY KEY, authorization_id uuid NOT NULL REFERENCES auth.smart_authorizations (id) ON DELETE CASCADE,
      redirect_uri text NOT NULL, code_challenge text NOT NULL, expires_at timestamptz NOT NULL, used_at timestamptz)`);
    await q.query(`CREATE TABLE auth.smart_refresh_tokens (
      token_hash text PRIMARY KEY, authorization_id uuid NOT NULL REFERENCES auth.smart_authorizations (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL, used_at timestamptz)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE auth.smart_refresh_tokens, auth.smart_codes, auth.smart_authorizations, auth.smart_consent_requests, auth.smart_clients`,
    );
  }
}
