import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createPlatformTables, dropPlatformTables } from '@portal/server-kit';

export class RequestsInit1763800000000 implements MigrationInterface {
  name = 'RequestsInit1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await createPlatformTables(q, 'requests');
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
    await q.query(`CREATE TABLE requests.custodians (
      id uuid PRIMARY KEY, name text NOT NULL, primary_address text NOT NULL, city text NOT NULL, state_name text NOT NULL, state text NOT NULL,
      postcode text NOT NULL, phone text, website text, description text, is_mrn_compulsory boolean NOT NULL DEFAULT false,
      theme text NOT NULL DEFAULT 'default' CHECK (theme IN ('default','orange','blue')))`);
    await q.query(
      `CREATE INDEX custodians_name_trgm ON requests.custodians USING gin (name public.gin_trgm_ops)`,
    );
    await q.query(`CREATE TABLE requests.patient_requests (
      id uuid PRIMARY KEY, user_id uuid NOT NULL, person_id uuid NOT NULL, custodian_id uuid NOT NULL REFERENCES requests.custodians(id),
      patient_first_name text NOT NULL, patient_last_name text NOT NULL, patient_dob date NOT NULL,
      status text NOT NULL, doc_req_types text[] NOT NULL, notes text NOT NULL DEFAULT '', created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(
      `CREATE INDEX patient_requests_user ON requests.patient_requests (user_id, created_at DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE requests.patient_requests, requests.custodians`);
    await dropPlatformTables(q, 'requests');
  }
}
