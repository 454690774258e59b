import { randomBytes } from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 3: the person's address sets and images, notification settings, link payloads, opt-outs, secrets. */
export class AuthAccounts1763900000000 implements MigrationInterface {
  name = 'AuthAccounts1763900000000';

  async up(q: QueryRunner): Promise<void> {
    // registerAccount creates an account from an email and a password only.
    await q.query(
      `ALTER TABLE auth.users ALTER COLUMN date_of_birth DROP NOT NULL, ADD COLUMN opted_out_at timestamptz`,
    );
    await q.query(`ALTER TABLE auth.persons ALTER COLUMN date_of_birth DROP NOT NULL,
      ADD COLUMN prior_last_name text, ADD COLUMN address text, ADD COLUMN city_id text, ADD COLUMN city text, ADD COLUMN state text,
      ADD COLUMN state_name text, ADD COLUMN postcode text, ADD COLUMN country_iso text, ADD COLUMN country text,
      ADD COLUMN prior_address text, ADD COLUMN prior_city_id text, ADD COLUMN prior_city text, ADD COLUMN prior_state text,
      ADD COLUMN prior_state_name text, ADD COLUMN prior_postcode text, ADD COLUMN prior_country_iso text, ADD COLUMN prior_country text`);
    await q.query(`CREATE INDEX persons_phone ON auth.persons (country_code, phone) WHERE phone IS NOT NULL`);
    await q.query(`CREATE TABLE auth.person_images (
      person_id uuid NOT NULL REFERENCES auth.persons(id) ON DELETE CASCADE, kind text NOT NULL CHECK (kind IN ('photo','signature')),
      mime_type text NOT NULL, content bytea NOT NULL, sha256 text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (person_id, kind))`);
    await q.query(`CREATE TABLE auth.notification_settings (
      user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE, mnemonic text NOT NULL, value boolean NOT NULL,
      PRIMARY KEY (user_id, mnemonic))`);
    await q.query(
      `ALTER TABLE auth.family_members ADD COLUMN relationship_type_id int, ADD COLUMN updated_at timestamptz`,
    );
    await q.query(`ALTER TABLE auth.password_tokens ADD COLUMN payload jsonb`);
    await q.query(
      `CREATE INDEX password_tokens_user ON auth.password_tokens (user_id, purpose) WHERE used_at IS NULL`,
    );
    // Bot-check solutions are good once: remembered until their challenge expires.
    await q.query(
      `CREATE TABLE auth.used_challenges (signature text PRIMARY KEY, expires_at timestamptz NOT NULL)`,
    );
    // Keys that must outlive a restart (mailed unsubscribe links, bot-check challenges).
    await q.query(`CREATE TABLE auth.secrets (name text PRIMARY KEY, value text NOT NULL)`);
    for (const name of ['unsubscribe', 'altcha'])
      await q.query(`INSERT INTO auth.secrets (name, value) VALUES ($1, $2)`, [
        name,
        randomBytes(32).toString('hex'),
      ]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE auth.secrets, auth.used_challenges, auth.notification_settings, auth.person_images`,
    );
    await q.query(`DROP INDEX auth.password_tokens_user`);
    await q.query(`ALTER TABLE auth.password_tokens DROP COLUMN payload`);
    await q.query(`ALTER TABLE auth.family_members DROP COLUMN relationship_type_id, DROP COLUMN updated_at`);
    await q.query(`DROP INDEX auth.persons_phone`);
    await q.query(`ALTER TABLE auth.persons DROP COLUMN prior_last_name, DROP COLUMN address, DROP COLUMN city_id, DROP COLUMN city, DROP COLUMN state,
      DROP COLUMN state_name, DROP COLUMN postcode, DROP COLUMN country_iso, DROP COLUMN country, DROP COLUMN prior_address, DROP COLUMN prior_city_id,
      DROP COLUMN prior_city, DROP COLUMN prior_state, DROP COLUMN prior_state_name, DROP COLUMN prior_postcode, DROP COLUMN prior_country_iso, DROP COLUMN prior_country`);
    await q.query(`ALTER TABLE auth.users DROP COLUMN opted_out_at`);
  }
}
