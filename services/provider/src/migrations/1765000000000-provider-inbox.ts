import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 10: the inbox keeps what the facility needs to fulfil a request (document requests with
 * their ids, dates, body parts, MRN, the patient's attachments), when it was seen and submitted, the
 * facility's rejections, the uploaded documents, the staff's stars and the provider-side timeline.
 */
export class ProviderInbox1765000000000 implements MigrationInterface {
  name = 'ProviderInbox1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE provider.data_requests
      ADD COLUMN patient_mrn text, ADD COLUMN date_from date, ADD COLUMN date_to date,
      ADD COLUMN body_parts text[] NOT NULL DEFAULT '{}', ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN seen_at timestamptz, ADD COLUMN uploaded_at timestamptz`);
    // The search: every word of the query is a prefix of the first or last name (any order), or a date.
    // Prefix LIKE on lower(name) is served by text_pattern_ops b-trees (no extension needed).
    // The inbox order, newest first with the id as tie-break: a page is an index walk that stops early.
    await q.query(`DROP INDEX provider.data_requests_custodian`);
    await q.query(
      `CREATE INDEX data_requests_custodian ON provider.data_requests (custodian_id, created_at DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX data_requests_first_name ON provider.data_requests (custodian_id, lower(patient_first_name) text_pattern_ops)`,
    );
    await q.query(
      `CREATE INDEX data_requests_last_name ON provider.data_requests (custodian_id, lower(patient_last_name) text_pattern_ops)`,
    );
    // The inbox's overdue / due-soon counts range over the open requests only.
    await q.query(
      `CREATE INDEX data_requests_open ON provider.data_requests (custodian_id, created_at) WHERE uploaded_at IS NULL AND status NOT IN ('Uploaded by external provider', 'Completed', 'Declined')`,
    );
    await q.query(`CREATE INDEX data_requests_dob ON provider.data_requests (custodian_id, patient_dob)`);
    await q.query(`CREATE TABLE provider.document_requests (
      id uuid PRIMARY KEY, patient_request_id uuid NOT NULL REFERENCES provider.data_requests (id) ON DELETE CASCADE,
      type text NOT NULL, position int NOT NULL, rejection jsonb)`);
    await q.query(
      `CREATE INDEX document_requests_request ON provider.document_requests (patient_request_id, position)`,
    );
    await q.query(`CREATE TABLE provider.documents (
      id uuid PRIMARY KEY, patient_request_id uuid NOT NULL REFERENCES provider.data_requests (id) ON DELETE CASCADE,
      document_request_id uuid NOT NULL REFERENCES provider.document_requests (id) ON DELETE CASCADE,
      blob_key text NOT NULL UNIQUE, file_name text NOT NULL, path text NOT NULL, content_type text NOT NULL, size bigint NOT NULL,
      study_uid text, study_description text, study_date date, modality text,
      uploaded_by uuid NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(
      `CREATE INDEX documents_document_request ON provider.documents (document_request_id, created_at DESC)`,
    );
    await q.query(`CREATE INDEX documents_request ON provider.documents (patient_request_id)`);
    await q.query(
      `CREATE TABLE provider.stars (user_id uuid NOT NULL, document_id uuid NOT NULL REFERENCES provider.documents (id) ON DELETE CASCADE, PRIMARY KEY (user_id, document_id))`,
    );
    // The provider's view of a request's life, appended by its own use cases and the status events.
    await q.query(`CREATE TABLE provider.timeline (
      id bigserial PRIMARY KEY, patient_request_id uuid NOT NULL REFERENCES provider.data_requests (id) ON DELETE CASCADE,
      event text NOT NULL, at timestamptz NOT NULL, detail text)`);
    await q.query(`CREATE INDEX timeline_request ON provider.timeline (patient_request_id, at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE provider.timeline, provider.stars, provider.documents, provider.document_requests`,
    );
    await q.query(`DROP INDEX provider.data_requests_custodian`);
    await q.query(
      `CREATE INDEX data_requests_custodian ON provider.data_requests (custodian_id, created_at DESC)`,
    );
    await q.query(
      `DROP INDEX provider.data_requests_open, provider.data_requests_first_name, provider.data_requests_last_name, provider.data_requests_dob`,
    );
    await q.query(`ALTER TABLE provider.data_requests DROP COLUMN patient_mrn, DROP COLUMN date_from, DROP COLUMN date_to, DROP COLUMN body_parts,
      DROP COLUMN attachments, DROP COLUMN seen_at, DROP COLUMN uploaded_at`);
  }
}
