import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose rows become FHIR resources and change in place: each gets a last-updated time. */
const TOUCHED = ['account_holders', 'family_members', 'studies', 'shared_access'];

/**
 * Issue 29, the FHIR R4 API. FHIR's ImagingStudy needs each instance's SOP class and its series'
 * modality (kept from `imaging.study-stored`); `_lastUpdated`, `_since` and `meta.lastUpdated` need
 * the time each row last changed, which a trigger keeps so that no writer of these projections can
 * forget it; Bulk Data exports keep their jobs here, so a status URL outlives the process that ran it.
 */
export class RecordsFhirApi1767600000000 implements MigrationInterface {
  name = 'RecordsFhirApi1767600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE records.wbs_study_instances ADD COLUMN sop_class_uid text,
      ADD COLUMN series_number int, ADD COLUMN instance_number int, ADD COLUMN modality text`);
    await q.query(`CREATE FUNCTION records.touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN NEW.updated_at = now(); RETURN NEW; END $$`);
    for (const table of TOUCHED) {
      await q.query(`ALTER TABLE records.${table} ADD COLUMN updated_at timestamptz`);
      await q.query(
        table === 'studies'
          ? `UPDATE records.studies SET updated_at = created_at`
          : `UPDATE records.${table} SET updated_at = now()`,
      );
      await q.query(
        `ALTER TABLE records.${table} ALTER COLUMN updated_at SET DEFAULT now(), ALTER COLUMN updated_at SET NOT NULL`,
      );
      await q.query(`CREATE TRIGGER ${table}_touch BEFORE UPDATE ON records.${table}
        FOR EACH ROW EXECUTE FUNCTION records.touch_updated_at()`);
    }
    // A study's instances are part of its ImagingStudy, and imaging's announcement of them may be applied
    // after the study's own: their arrival makes the study changed too (for `_since` and `_lastUpdated`).
    await q.query(`CREATE FUNCTION records.touch_study_of_instance() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE records.studies SET updated_at = now()
        WHERE user_id = NEW.user_id AND study_instance_uid = NEW.study_instance_uid AND updated_at < now();
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER wbs_study_instances_touch_study AFTER INSERT OR UPDATE ON records.wbs_study_instances
      FOR EACH ROW EXECUTE FUNCTION records.touch_study_of_instance()`);
    await q.query(`CREATE TABLE records.fhir_exports (
      id uuid PRIMARY KEY, user_id uuid NOT NULL, patient_id uuid NOT NULL, client_id text, authorization_id text,
      kind text NOT NULL, types text[] NOT NULL, since timestamptz, request text NOT NULL,
      status text NOT NULL DEFAULT 'in-progress', progress text, transaction_time timestamptz NOT NULL DEFAULT now(),
      heartbeat_at timestamptz NOT NULL DEFAULT now(), completed_at timestamptz, expires_at timestamptz,
      output jsonb NOT NULL DEFAULT '[]', error text)`);
    await q.query(
      `CREATE INDEX fhir_exports_user ON records.fhir_exports (user_id, kind, transaction_time DESC)`,
    );
    await q.query(
      `CREATE INDEX fhir_exports_expiry ON records.fhir_exports (expires_at) WHERE status = 'completed'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE records.fhir_exports`);
    await q.query(`DROP TRIGGER wbs_study_instances_touch_study ON records.wbs_study_instances`);
    await q.query(`DROP FUNCTION records.touch_study_of_instance()`);
    for (const table of TOUCHED) {
      await q.query(`DROP TRIGGER ${table}_touch ON records.${table}`);
      await q.query(`ALTER TABLE records.${table} DROP COLUMN updated_at`);
    }
    await q.query(`DROP FUNCTION records.touch_updated_at()`);
    await q.query(`ALTER TABLE records.wbs_study_instances DROP COLUMN sop_class_uid,
      DROP COLUMN series_number, DROP COLUMN instance_number, DROP COLUMN modality`);
  }
}
