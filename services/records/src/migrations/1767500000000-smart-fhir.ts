import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 28, Smart FHIR: who the account holder is (to be matched at a facility's system by name and
 * date of birth), the MRN and study each request names, and the queries made for a patient with the
 * studies they found (kept SMART_FHIR_RESULTS_KEPT_MS; a found study keeps its id across reloads, so
 * 'Requested' stays on it).
 */
export class RecordsSmartFhir1767500000000 implements MigrationInterface {
  name = 'RecordsSmartFhir1767500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE records.account_holders ADD COLUMN person_id uuid, ADD COLUMN date_of_birth date`,
    );
    await q.query(
      `ALTER TABLE records.library_requests ADD COLUMN mrn text, ADD COLUMN requested_study jsonb`,
    );
    await q.query(`CREATE TABLE records.smart_fhir_queries (
      id uuid PRIMARY KEY, user_id uuid NOT NULL, source_id text NOT NULL,
      started_at timestamptz NOT NULL, finished_at timestamptz, error text)`);
    await q.query(
      `CREATE INDEX smart_fhir_queries_user ON records.smart_fhir_queries (user_id, source_id, started_at DESC)`,
    );
    await q.query(`CREATE TABLE records.smart_fhir_studies (
      id uuid PRIMARY KEY, user_id uuid NOT NULL, source_id text NOT NULL, query_id uuid NOT NULL,
      custodian_id uuid NOT NULL, facility_name text NOT NULL, study_instance_uid text NOT NULL,
      modality text NOT NULL, study_description text NOT NULL, referring_physician text NOT NULL,
      custom_query_items jsonb NOT NULL, study_date date, number_of_instances integer,
      wado_root text, patient_request_id uuid, found_at timestamptz NOT NULL,
      UNIQUE (user_id, source_id, study_instance_uid))`);
    await q.query(`CREATE INDEX smart_fhir_studies_query ON records.smart_fhir_studies (query_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE records.smart_fhir_studies, records.smart_fhir_queries`);
    await q.query(`ALTER TABLE records.library_requests DROP COLUMN mrn, DROP COLUMN requested_study`);
    await q.query(`ALTER TABLE records.account_holders DROP COLUMN person_id, DROP COLUMN date_of_birth`);
  }
}
