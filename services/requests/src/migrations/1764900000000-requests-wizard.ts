import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 9 (requesting records): per-facility settings and aliases, the full request payload, its
 * document requests and uploads, the signed form's key, and the local projections (family members,
 * requester names) that the wizard reads instead of the auth context's schema.
 */
export class RequestsWizard1764900000000 implements MigrationInterface {
  name = 'RequestsWizard1764900000000';

  async up(q: QueryRunner): Promise<void> {
    // search_text = name + aliases + city, lower case: one trigram index serves the whole search.
    await q.query(`ALTER TABLE requests.custodians
      ADD COLUMN doc_types text[] NOT NULL DEFAULT '{IMAGES,REPORTS}',
      ADD COLUMN body_parts text[] NOT NULL DEFAULT '{}',
      ADD COLUMN display_date_range boolean NOT NULL DEFAULT true,
      ADD COLUMN logo_color text NOT NULL DEFAULT '#1565c0',
      ADD COLUMN search_text text NOT NULL DEFAULT ''`);
    await q.query(`UPDATE requests.custodians SET search_text = lower(name || ' ' || city)`);
    await q.query(
      `CREATE INDEX custodians_search_trgm ON requests.custodians USING gin (search_text public.gin_trgm_ops)`,
    );
    await q.query(`CREATE INDEX custodians_postcode ON requests.custodians (postcode text_pattern_ops)`);
    // An alias may narrow what it offers; NULL means "as its facility".
    await q.query(`CREATE TABLE requests.custodian_aliases (
      id uuid PRIMARY KEY, custodian_id uuid NOT NULL REFERENCES requests.custodians(id) ON DELETE CASCADE, name text NOT NULL,
      doc_types text[], body_parts text[])`);
    await q.query(`CREATE INDEX custodian_aliases_custodian ON requests.custodian_aliases (custodian_id)`);
    await q.query(`CREATE TABLE requests.custodian_embed_origins (
      custodian_id uuid NOT NULL REFERENCES requests.custodians(id) ON DELETE CASCADE, origin text NOT NULL, PRIMARY KEY (custodian_id, origin))`);
    await q.query(`CREATE INDEX custodian_embed_origins_origin ON requests.custodian_embed_origins (origin)`);
    await q.query(`ALTER TABLE requests.patient_requests
      ADD COLUMN custodian_alias_id uuid REFERENCES requests.custodian_aliases(id),
      ADD COLUMN request_from text NOT NULL DEFAULT 'PATIENT',
      ADD COLUMN provider_request boolean NOT NULL DEFAULT false,
      ADD COLUMN request_filler text NOT NULL DEFAULT 'self',
      ADD COLUMN relationship_type text, ADD COLUMN relationship text, ADD COLUMN relation text, ADD COLUMN legal_relation text,
      ADD COLUMN is_family_member boolean NOT NULL DEFAULT false, ADD COLUMN legally_authorized boolean NOT NULL DEFAULT false,
      ADD COLUMN family_member_id text, ADD COLUMN patient_middle_name text, ADD COLUMN patient_email text,
      ADD COLUMN phone text, ADD COLUMN address text, ADD COLUMN city text, ADD COLUMN state text, ADD COLUMN postcode text,
      ADD COLUMN mrn text, ADD COLUMN body_parts text[] NOT NULL DEFAULT '{}', ADD COLUMN date_from date, ADD COLUMN date_to date,
      ADD COLUMN delegate jsonb, ADD COLUMN authorization_form_key text`);
    await q.query(
      `CREATE INDEX patient_requests_user_custodian ON requests.patient_requests (user_id, custodian_id, created_at DESC)`,
    );
    await q.query(`CREATE TABLE requests.document_requests (
      id uuid PRIMARY KEY, patient_request_id uuid NOT NULL REFERENCES requests.patient_requests(id) ON DELETE CASCADE,
      document_request_type text NOT NULL, status text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(
      `CREATE INDEX document_requests_request ON requests.document_requests (patient_request_id)`,
    );
    // blob_key is unique: an upload belongs to one request, so nobody can attach another person's file twice.
    await q.query(`CREATE TABLE requests.request_uploads (
      id uuid PRIMARY KEY, patient_request_id uuid NOT NULL REFERENCES requests.patient_requests(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('govt_id','legal_doc')), blob_key text NOT NULL UNIQUE, file_name text NOT NULL,
      content_type text NOT NULL, size integer NOT NULL)`);
    await q.query(`CREATE INDEX request_uploads_request ON requests.request_uploads (patient_request_id)`);
    await q.query(`CREATE TABLE requests.custodian_links (
      user_id uuid NOT NULL, custodian_id uuid NOT NULL REFERENCES requests.custodians(id) ON DELETE CASCADE,
      linked_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (user_id, custodian_id))`);
    // Projections of auth's facts (auth.user-registered, auth.family-member-saved/removed).
    await q.query(
      `CREATE TABLE requests.requesters (user_id uuid PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL)`,
    );
    await q.query(`CREATE TABLE requests.family_members (
      user_id uuid NOT NULL, id uuid NOT NULL, first_name text NOT NULL, last_name text NOT NULL, PRIMARY KEY (user_id, id))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE requests.family_members, requests.requesters, requests.custodian_links, requests.request_uploads, requests.document_requests`,
    );
    await q.query(`ALTER TABLE requests.patient_requests DROP COLUMN custodian_alias_id, DROP COLUMN request_from, DROP COLUMN provider_request,
      DROP COLUMN request_filler, DROP COLUMN relationship_type, DROP COLUMN relationship, DROP COLUMN relation, DROP COLUMN legal_relation,
      DROP COLUMN is_family_member, DROP COLUMN legally_authorized, DROP COLUMN family_member_id, DROP COLUMN patient_middle_name,
      DROP COLUMN patient_email, DROP COLUMN phone, DROP COLUMN address, DROP COLUMN city, DROP COLUMN state, DROP COLUMN postcode,
      DROP COLUMN mrn, DROP COLUMN body_parts, DROP COLUMN date_from, DROP COLUMN date_to, DROP COLUMN delegate, DROP COLUMN authorization_form_key`);
    await q.query(`DROP INDEX IF EXISTS requests.patient_requests_user_custodian`);
    await q.query(`DROP TABLE requests.custodian_embed_origins, requests.custodian_aliases`);
    await q.query(`DROP INDEX requests.custodians_search_trgm, requests.custodians_postcode`);
    await q.query(
      `ALTER TABLE requests.custodians DROP COLUMN doc_types, DROP COLUMN body_parts, DROP COLUMN display_date_range, DROP COLUMN logo_color, DROP COLUMN search_text`,
    );
  }
}
