import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sharing with people (issue 13): each shared person's relationship, expiry and use (last opened, how
 * often, whether the owner was told of the first access), a version for the access-changed snapshots,
 * per-record grants with their own use; the e-mail of account holders (to find an invited person's
 * account) and their notification choices (mails follow them); public viewer links learn what they
 * were made for and their use; shares with facilities are kept.
 */
export class SharingPeople1766500000000 implements MigrationInterface {
  name = 'SharingPeople1766500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sharing.recipients
      ADD COLUMN relationship_id int, ADD COLUMN expires_at timestamptz, ADD COLUMN last_opened_at timestamptz,
      ADD COLUMN open_count int NOT NULL DEFAULT 0, ADD COLUMN accessed_notified_at timestamptz,
      ADD COLUMN version bigint NOT NULL DEFAULT 1, ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`);
    await q.query(`CREATE INDEX recipients_user ON sharing.recipients (recipient_user_id)`);
    await q.query(`CREATE INDEX recipients_email ON sharing.recipients (lower(email))`);
    await q.query(
      `ALTER TABLE sharing.grants ADD COLUMN last_opened_at timestamptz, ADD COLUMN open_count int NOT NULL DEFAULT 0`,
    );
    await q.query(
      `CREATE UNIQUE INDEX grants_record ON sharing.grants (recipient_id, patient_request_id, coalesce(study_instance_uid, ''), coalesce(document_id, ''))`,
    );
    await q.query(`ALTER TABLE sharing.account_holders ADD COLUMN email text`);
    await q.query(`CREATE INDEX account_holders_email ON sharing.account_holders (lower(email))`);
    await q.query(
      `CREATE TABLE sharing.notification_settings (user_id uuid PRIMARY KEY, email text NOT NULL, settings jsonb NOT NULL)`,
    );
    await q.query(`ALTER TABLE sharing.viewer_links
      ADD COLUMN purpose text NOT NULL DEFAULT 'link', ADD COLUMN recipient text,
      ADD COLUMN last_opened_at timestamptz, ADD COLUMN open_count int NOT NULL DEFAULT 0`);
    await q.query(`CREATE TABLE sharing.facility_shares (
      id uuid PRIMARY KEY, owner_user_id uuid NOT NULL, patient_request_id uuid NOT NULL, study_instance_uid text NOT NULL,
      custodian_id text NOT NULL, custodian_name text NOT NULL, alias text, email text NOT NULL, note text NOT NULL DEFAULT '',
      link_id text NOT NULL REFERENCES sharing.viewer_links(id) ON DELETE CASCADE, created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(
      `CREATE INDEX facility_shares_owner ON sharing.facility_shares (owner_user_id, created_at DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sharing.facility_shares, sharing.notification_settings`);
    await q.query(
      `ALTER TABLE sharing.viewer_links DROP COLUMN purpose, DROP COLUMN recipient, DROP COLUMN last_opened_at, DROP COLUMN open_count`,
    );
    await q.query(`ALTER TABLE sharing.account_holders DROP COLUMN email`);
    await q.query(`DROP INDEX sharing.grants_record`);
    await q.query(`ALTER TABLE sharing.grants DROP COLUMN last_opened_at, DROP COLUMN open_count`);
    await q.query(`DROP INDEX sharing.recipients_user, sharing.recipients_email`);
    await q.query(`ALTER TABLE sharing.recipients DROP COLUMN relationship_id, DROP COLUMN expires_at, DROP COLUMN last_opened_at,
      DROP COLUMN open_count, DROP COLUMN accessed_notified_at, DROP COLUMN version, DROP COLUMN updated_at`);
  }
}
