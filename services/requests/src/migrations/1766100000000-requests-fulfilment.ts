import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 10 (the facility fulfils a request): the life of a request as the patient and the facility
 * see it (timeline), a facility's rejection of a document request, and the projection of auth's
 * facts the completion mail needs (each user's e-mail and REQUEST_COMPLETION_NOTIFICATION).
 */
export class RequestsFulfilment1766100000000 implements MigrationInterface {
  name = 'RequestsFulfilment1766100000000';

  async up(q: QueryRunner): Promise<void> {
    // seq orders entries of the same instant in the order they were written.
    await q.query(`CREATE TABLE requests.request_timeline (
      seq bigserial PRIMARY KEY, patient_request_id uuid NOT NULL REFERENCES requests.patient_requests(id) ON DELETE CASCADE,
      event text NOT NULL, at timestamptz NOT NULL, detail text)`);
    await q.query(
      `CREATE INDEX request_timeline_request ON requests.request_timeline (patient_request_id, at, seq)`,
    );
    await q.query(`ALTER TABLE requests.document_requests
      ADD COLUMN nrr_type text, ADD COLUMN reason text, ADD COLUMN other_reason text, ADD COLUMN rejected_at timestamptz`);
    // Missing row = no mail: a user whose settings never arrived gets none (missing counts as false).
    await q.query(`CREATE TABLE requests.notification_recipients (
      user_id uuid PRIMARY KEY, email text NOT NULL, request_completion boolean NOT NULL DEFAULT false)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE requests.notification_recipients, requests.request_timeline`);
    await q.query(
      `ALTER TABLE requests.document_requests DROP COLUMN nrr_type, DROP COLUMN reason, DROP COLUMN other_reason, DROP COLUMN rejected_at`,
    );
  }
}
