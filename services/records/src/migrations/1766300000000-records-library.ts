import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 11: the library complete. Self uploads (requests without a facility), the patient's name on a
 * request, stars per approved response, grid snapshots in chunks, download identifiers, enhanced
 * reports and the family members a self upload may be filed under.
 */
export class RecordsLibrary1766300000000 implements MigrationInterface {
  name = 'RecordsLibrary1766300000000';

  async up(q: QueryRunner): Promise<void> {
    // A self upload is a request the records context makes itself: no facility, its record name and exam month.
    await q.query(`ALTER TABLE records.library_requests ALTER COLUMN custodian_id DROP NOT NULL, ALTER COLUMN custodian_name DROP NOT NULL,
      ADD COLUMN patient_first_name text, ADD COLUMN patient_last_name text, ADD COLUMN manual_upload boolean NOT NULL DEFAULT false,
      ADD COLUMN record_name text, ADD COLUMN exam_date date`);
    // The grid reads a user's studies and documents newest first, in keyset pages (created_at, id).
    await q.query(`CREATE INDEX studies_user_created ON records.studies (user_id, created_at DESC, id DESC)`);
    await q.query(
      `CREATE INDEX documents_user_created ON records.documents (user_id, created_at DESC, id DESC)`,
    );
    await q.query(`DROP INDEX records.documents_user`);
    await q.query(`CREATE UNIQUE INDEX documents_blob_key ON records.documents (blob_key)`);
    // One star per user and approved response (a study's id or a document's id).
    await q.query(`CREATE TABLE records.stars (user_id uuid NOT NULL, response_id uuid NOT NULL, patient_request_id uuid NOT NULL,
      starred_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (user_id, response_id))`);
    // A viewer's own stars on records shared with them: a study by its UID or a document by its id.
    await q.query(`CREATE TABLE records.shared_stars (user_id uuid NOT NULL, patient_request_id uuid NOT NULL, item text NOT NULL,
      starred_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (user_id, patient_request_id, item))`);
    // A grid snapshot (loadGrid) and its rows, pre-serialised in chunks of GRID_CHUNK_SIZE.
    await q.query(`CREATE TABLE records.grid_snapshots (id uuid PRIMARY KEY, user_id uuid NOT NULL, query jsonb NOT NULL,
      status text NOT NULL DEFAULT 'building', total int, error text, created_at timestamptz NOT NULL DEFAULT now(), expires_at timestamptz NOT NULL)`);
    await q.query(`CREATE INDEX grid_snapshots_expiry ON records.grid_snapshots (expires_at)`);
    await q.query(`CREATE TABLE records.grid_chunks (snapshot_id uuid NOT NULL REFERENCES records.grid_snapshots (id) ON DELETE CASCADE,
      chunk_offset int NOT NULL, row_count int NOT NULL, rows text NOT NULL, PRIMARY KEY (snapshot_id, chunk_offset))`);
    // Account holders and their family members (projection of auth's events): a self upload is filed under one, by name.
    await q.query(
      `CREATE TABLE records.family_members (id uuid PRIMARY KEY, user_id uuid NOT NULL, first_name text NOT NULL, last_name text NOT NULL)`,
    );
    await q.query(`CREATE INDEX family_members_user ON records.family_members (user_id)`);
    await q.query(
      `CREATE TABLE records.account_holders (user_id uuid PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL)`,
    );
    // Keys of presigned self-upload forms that were kept: a key is accepted once.
    await q.query(
      `CREATE TABLE records.upload_keys (key text PRIMARY KEY, user_id uuid NOT NULL, patient_request_id uuid NOT NULL, used_at timestamptz NOT NULL DEFAULT now())`,
    );
    // A short-lived capability to open one file without a bearer token (a new window, a frame).
    await q.query(`CREATE TABLE records.download_identifiers (identifier text PRIMARY KEY, user_id uuid NOT NULL, blob_key text NOT NULL,
      file_name text NOT NULL, content_type text NOT NULL, expires_at timestamptz NOT NULL)`);
    await q.query(`CREATE INDEX download_identifiers_expiry ON records.download_identifiers (expires_at)`);
    // Patient-friendly versions of a report, made in the background and polled.
    await q.query(`CREATE TABLE records.enhanced_reports (identifier uuid PRIMARY KEY, user_id uuid NOT NULL, patient_request_id uuid NOT NULL,
      document_id uuid NOT NULL, status text NOT NULL DEFAULT 'pending', result_key text, error text,
      created_at timestamptz NOT NULL DEFAULT now(), ready_at timestamptz)`);
    await q.query(
      `CREATE INDEX enhanced_reports_document ON records.enhanced_reports (user_id, document_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE records.enhanced_reports, records.download_identifiers, records.upload_keys, records.account_holders, records.family_members, records.grid_chunks, records.grid_snapshots, records.shared_stars, records.stars`,
    );
    await q.query(`DROP INDEX records.documents_blob_key`);
    await q.query(`CREATE INDEX documents_user ON records.documents (user_id)`);
    await q.query(`DROP INDEX records.documents_user_created`);
    await q.query(`DROP INDEX records.studies_user_created`);
    await q.query(
      `ALTER TABLE records.library_requests DROP COLUMN exam_date, DROP COLUMN record_name, DROP COLUMN manual_upload, DROP COLUMN patient_last_name, DROP COLUMN patient_first_name`,
    );
  }
}
