import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 10: the documents a facility delivered (reports, other PDFs and images) become library documents of their request; statuses follow the requests context. */
export class RecordsDocuments1766100000000 implements MigrationInterface {
  name = 'RecordsDocuments1766100000000';

  async up(q: QueryRunner): Promise<void> {
    // id is the provider's document id: a delivery announced twice keeps one row per document.
    await q.query(`CREATE TABLE records.documents (
      id uuid PRIMARY KEY, user_id uuid NOT NULL, patient_request_id uuid NOT NULL, document_request_id uuid, document_request_type text NOT NULL,
      file_name text NOT NULL, blob_key text NOT NULL, content_type text NOT NULL, size bigint NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX documents_request ON records.documents (patient_request_id)`);
    await q.query(`CREATE INDEX documents_user ON records.documents (user_id)`);
    // Status changes may arrive out of order (two consumers of one submission answer at once): the newest wins.
    await q.query(`ALTER TABLE records.library_requests ADD COLUMN status_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE records.library_requests DROP COLUMN status_at`);
    await q.query(`DROP TABLE records.documents`);
  }
}
