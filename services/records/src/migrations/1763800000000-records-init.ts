import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createPlatformTables, dropPlatformTables } from '@portal/server-kit';

export class RecordsInit1763800000000 implements MigrationInterface {
  name = 'RecordsInit1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await createPlatformTables(q, 'records');
    // The patient's library: a local projection of the requests context's patient requests.
    await q.query(`CREATE TABLE records.library_requests (
      id uuid PRIMARY KEY, user_id uuid NOT NULL, person_id uuid NOT NULL, custodian_id uuid NOT NULL, custodian_name text NOT NULL,
      status text NOT NULL, doc_req_types text[] NOT NULL, created_at timestamptz NOT NULL, starred boolean NOT NULL DEFAULT false)`);
    await q.query(
      `CREATE INDEX library_requests_user ON records.library_requests (user_id, created_at DESC)`,
    );
    // Approved study responses (cfind responses) of a request, from the imaging context's events.
    await q.query(`CREATE TABLE records.studies (
      id uuid PRIMARY KEY, user_id uuid NOT NULL, patient_request_id uuid, study_instance_uid text NOT NULL,
      modality text NOT NULL, study_description text NOT NULL, study_date date, total_instances int NOT NULL,
      starred boolean NOT NULL DEFAULT false, created_at timestamptz NOT NULL DEFAULT now(), UNIQUE (user_id, study_instance_uid))`);
    await q.query(`CREATE INDEX studies_request ON records.studies (patient_request_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE records.studies, records.library_requests`);
    await dropPlatformTables(q, 'records');
  }
}
