import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createPlatformTables, dropPlatformTables } from '@portal/server-kit';

export class SharingInit1763800000000 implements MigrationInterface {
  name = 'SharingInit1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await createPlatformTables(q, 'sharing');
    await q.query(`CREATE TABLE sharing.recipients (
      id uuid PRIMARY KEY, owner_user_id uuid NOT NULL, first_name text NOT NULL, last_name text NOT NULL, email text NOT NULL,
      relationship text NOT NULL, all_records boolean NOT NULL DEFAULT false, is_enabled boolean NOT NULL DEFAULT true,
      recipient_user_id uuid, created_at timestamptz NOT NULL DEFAULT now(), UNIQUE (owner_user_id, email))`);
    await q.query(`CREATE TABLE sharing.grants (
      recipient_id uuid NOT NULL REFERENCES sharing.recipients(id) ON DELETE CASCADE, study_instance_uid text, document_id text,
      patient_request_id uuid NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sharing.grants, sharing.recipients`);
    await dropPlatformTables(q, 'sharing');
  }
}
