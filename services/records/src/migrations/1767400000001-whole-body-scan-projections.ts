import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27, the facility's side of whole body scans: what the records context must know of other
 * contexts to publish a scan and mail its patient, kept from their events.
 */
export class RecordsWholeBodyScanProjections1767400000001 implements MigrationInterface {
  name = 'RecordsWholeBodyScanProjections1767400000001';

  async up(q: QueryRunner): Promise<void> {
    // The instances imaging stored (imaging.study-stored names them): a key image must be one of them.
    await q.query(`CREATE TABLE records.wbs_study_instances (user_id uuid NOT NULL, study_instance_uid text NOT NULL,
      series_instance_uid text NOT NULL, sop_instance_uid text NOT NULL, frames int NOT NULL DEFAULT 1,
      series_description text NOT NULL DEFAULT '', PRIMARY KEY (user_id, study_instance_uid, sop_instance_uid))`);
    // Where a patient is mailed (auth.user-registered, auth.email-changed), at the event's version.
    await q.query(`CREATE TABLE records.wbs_recipients (user_id uuid PRIMARY KEY, email text NOT NULL,
      version bigint NOT NULL DEFAULT 0)`);
    // An uploaded report file is published once (the key names one document).
    await q.query(
      `CREATE UNIQUE INDEX wbs_documents_blob_key ON records.wbs_documents (blob_key) WHERE blob_key IS NOT NULL`,
    );
    await q.query(`CREATE INDEX wbs_findings_prior ON records.wbs_findings (prior_finding_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX records.wbs_findings_prior`);
    await q.query(`DROP INDEX records.wbs_documents_blob_key`);
    await q.query(`DROP TABLE records.wbs_recipients, records.wbs_study_instances`);
  }
}
