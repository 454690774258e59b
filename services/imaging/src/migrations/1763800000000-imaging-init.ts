import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createPlatformTables, dropPlatformTables } from '@portal/server-kit';

export class ImagingInit1763800000000 implements MigrationInterface {
  name = 'ImagingInit1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await createPlatformTables(q, 'imaging');
    await q.query(`CREATE TABLE imaging.instances (
      sop_instance_uid text PRIMARY KEY, study_instance_uid text NOT NULL, series_instance_uid text NOT NULL, user_id uuid NOT NULL,
      patient_request_id uuid, modality text NOT NULL, study_description text NOT NULL, study_date date, series_number int,
      instance_number int, transfer_syntax text, file_key text NOT NULL, size_bytes int NOT NULL, stored_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(
      `CREATE INDEX instances_study ON imaging.instances (study_instance_uid, series_instance_uid, instance_number)`,
    );
    await q.query(`CREATE INDEX instances_user ON imaging.instances (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE imaging.instances`);
    await dropPlatformTables(q, 'imaging');
  }
}
