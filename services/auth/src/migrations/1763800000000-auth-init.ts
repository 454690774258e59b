import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createPlatformTables, dropPlatformTables } from '@portal/server-kit';

export class AuthInit1763800000000 implements MigrationInterface {
  name = 'AuthInit1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await createPlatformTables(q, 'auth');
    await q.query(`CREATE TABLE auth.users (
      id uuid PRIMARY KEY, email text NOT NULL UNIQUE, password_hash text, first_name text NOT NULL, last_name text NOT NULL,
      date_of_birth date NOT NULL, locale text NOT NULL, person_id uuid NOT NULL, active_role text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(), CHECK (email = lower(email)))`);
    await q.query(`CREATE TABLE auth.user_roles (
      user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE, mnemonic text NOT NULL, active boolean NOT NULL DEFAULT true,
      PRIMARY KEY (user_id, mnemonic))`);
    await q.query(`CREATE TABLE auth.persons (
      id uuid PRIMARY KEY, user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE, first_name text NOT NULL, last_name text NOT NULL,
      middle_name text, date_of_birth date NOT NULL, email text NOT NULL, phone text, country_code text NOT NULL DEFAULT '1')`);
    await q.query(`CREATE INDEX persons_user ON auth.persons (user_id)`);
    await q.query(`CREATE TABLE auth.family_members (
      id uuid PRIMARY KEY, user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE, first_name text NOT NULL, last_name text NOT NULL,
      relationship_type text NOT NULL, relation_text text, created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX family_members_user ON auth.family_members (user_id)`);
    await q.query(`CREATE TABLE auth.refresh_tokens (
      id uuid PRIMARY KEY, family_id uuid NOT NULL, user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE, remember boolean NOT NULL, expires_at timestamptz NOT NULL, used_at timestamptz, revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX refresh_tokens_family ON auth.refresh_tokens (family_id)`);
    await q.query(
      `CREATE INDEX refresh_tokens_user ON auth.refresh_tokens (user_id) WHERE revoked_at IS NULL`,
    );
    await q.query(
      `CREATE TABLE auth.signing_keys (kid text PRIMARY KEY, private_jwk jsonb NOT NULL, public_jwk jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
    );
    await q.query(`CREATE TABLE auth.password_tokens (
      id uuid PRIMARY KEY, user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE, purpose text NOT NULL,
      token_hash text NOT NULL UNIQUE, expires_at timestamptz NOT NULL, used_at timestamptz, created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE TABLE auth.feature_settings (name text PRIMARY KEY, value boolean NOT NULL)`);
    await q.query(`INSERT INTO auth.feature_settings (name, value) VALUES ('enable_v2', true)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE auth.feature_settings, auth.password_tokens, auth.signing_keys, auth.refresh_tokens, auth.family_members, auth.persons, auth.user_roles, auth.users`,
    );
    await dropPlatformTables(q, 'auth');
  }
}
