import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createPlatformTables, dropPlatformTables } from '@portal/server-kit';

export class ProviderInit1763800000000 implements MigrationInterface {
  name = 'ProviderInit1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await createPlatformTables(q, 'provider');
    await q.query(
      `CREATE TABLE provider.staff (user_id uuid NOT NULL, custodian_id uuid NOT NULL, PRIMARY KEY (user_id, custodian_id))`,
    );
    // The data-request inbox: a projection of patient requests addressed to a facility.
    await q.query(`CREATE TABLE provider.data_requests (
      id uuid PRIMARY KEY, custodian_id uuid NOT NULL, custodian_name text NOT NULL, patient_user_id uuid NOT NULL,
      patient_first_name text NOT NULL, patient_last_name text NOT NULL, patient_dob date NOT NULL,
      doc_req_types text[] NOT NULL, status text NOT NULL, created_at timestamptz NOT NULL)`);
    await q.query(
      `CREATE INDEX data_requests_custodian ON provider.data_requests (custodian_id, created_at DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE provider.data_requests, provider.staff`);
    await dropPlatformTables(q, 'provider');
  }
}
