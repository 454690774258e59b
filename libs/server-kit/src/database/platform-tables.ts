import type { QueryRunner } from 'typeorm';

/**
 * Tables every context has in its own schema: the transactional outbox, the processed-event ledger of
 * idempotent consumers, and the append-only audit log. Each context's first migration calls this.
 */
export const createPlatformTables = async (q: QueryRunner, schema: string): Promise<void> => {
  await q.query(`CREATE TABLE ${schema}.outbox (
    seq bigserial PRIMARY KEY,
    id uuid NOT NULL UNIQUE,
    type text NOT NULL,
    payload jsonb NOT NULL,
    occurred_at timestamptz NOT NULL DEFAULT now(),
    published_at timestamptz
  )`);
  await q.query(`CREATE INDEX outbox_unpublished ON ${schema}.outbox (seq) WHERE published_at IS NULL`);
  await q.query(`CREATE TABLE ${schema}.processed_events (
    consumer text NOT NULL,
    event_id uuid NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
  )`);
  await q.query(`CREATE TABLE ${schema}.audit_log (
    id bigserial PRIMARY KEY,
    at timestamptz NOT NULL DEFAULT now(),
    actor_id text,
    action text NOT NULL,
    resource_type text NOT NULL,
    resource_id text,
    subject_id text,
    ip text,
    request_id text,
    detail jsonb NOT NULL DEFAULT '{}'
  )`);
  await q.query(`CREATE INDEX audit_log_subject ON ${schema}.audit_log (subject_id, at DESC)`);
  // Append-only: the database itself refuses to change or remove an audit row.
  await q.query(`CREATE FUNCTION ${schema}.audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$`);
  await q.query(`CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON ${schema}.audit_log
    FOR EACH ROW EXECUTE FUNCTION ${schema}.audit_log_append_only()`);
};

export const dropPlatformTables = async (q: QueryRunner, schema: string): Promise<void> => {
  await q.query(`DROP TABLE IF EXISTS ${schema}.audit_log, ${schema}.processed_events, ${schema}.outbox`);
  await q.query(`DROP FUNCTION IF EXISTS ${schema}.audit_log_append_only()`);
};
