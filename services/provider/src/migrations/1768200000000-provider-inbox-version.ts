import type { MigrationInterface, QueryRunner } from 'typeorm';
import { COUNT_INBOX } from './1766200000000-provider-inbox-counts';

/**
 * A version per facility's inbox, raised in the same transaction as every change to what an inbox page
 * shows: a request arriving, leaving or changing (status, seen, uploaded), and a document request added,
 * removed or rejected. An inbox page read under the same versions (and on the same day, for days left)
 * is the same page, so the gateway can answer it again without running its statement (ListDataRequests).
 * Triggers rather than calls in the repository: no writer, present or future, can forget to raise it.
 */
export class ProviderInboxVersion1768200000000 implements MigrationInterface {
  name = 'ProviderInboxVersion1768200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE provider.inbox_counts ADD COLUMN version bigint NOT NULL DEFAULT 0`);
    // Locked in one order (by facility), so two changes touching the same facilities cannot deadlock.
    await q.query(`CREATE FUNCTION provider.raise_inbox_versions(custodian_ids uuid[]) RETURNS void LANGUAGE sql AS $$
      UPDATE provider.inbox_counts c SET version = c.version + 1
      FROM (SELECT custodian_id FROM provider.inbox_counts WHERE custodian_id = ANY(custodian_ids) ORDER BY custodian_id FOR UPDATE) l
      WHERE c.custodian_id = l.custodian_id $$`);
    // count_inbox (migration 1766200000000) also raises the version of the facilities it counts.
    await q.query(`CREATE OR REPLACE FUNCTION provider.count_inbox() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO provider.inbox_counts AS c (custodian_id, total, version) SELECT custodian_id, count(*), 1 FROM new_rows GROUP BY custodian_id
            ON CONFLICT (custodian_id) DO UPDATE SET total = c.total + EXCLUDED.total, version = c.version + 1;
        ELSE
          UPDATE provider.inbox_counts c SET total = c.total - o.n, version = c.version + 1
            FROM (SELECT custodian_id, count(*) AS n FROM old_rows GROUP BY custodian_id) o
            WHERE c.custodian_id = o.custodian_id;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE FUNCTION provider.touch_inbox() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM provider.raise_inbox_versions(ARRAY(SELECT DISTINCT custodian_id FROM new_rows));
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER data_requests_touch_inbox AFTER UPDATE ON provider.data_requests REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION provider.touch_inbox()`);
    // A document request's facility is its request's; old rows for a removal, new rows otherwise.
    await q.query(`CREATE FUNCTION provider.touch_inbox_of_document_requests() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM provider.raise_inbox_versions(ARRAY(SELECT DISTINCT d.custodian_id FROM old_rows r JOIN provider.data_requests d ON d.id = r.patient_request_id));
        ELSE
          PERFORM provider.raise_inbox_versions(ARRAY(SELECT DISTINCT d.custodian_id FROM new_rows r JOIN provider.data_requests d ON d.id = r.patient_request_id));
        END IF;
        RETURN NULL;
      END $$`);
    for (const [op, table] of [
      ['INSERT', 'NEW TABLE AS new_rows'],
      ['UPDATE', 'NEW TABLE AS new_rows'],
      ['DELETE', 'OLD TABLE AS old_rows'],
    ])
      await q.query(`CREATE TRIGGER document_requests_touch_inbox_${op.toLowerCase()} AFTER ${op} ON provider.document_requests
        REFERENCING ${table} FOR EACH STATEMENT EXECUTE FUNCTION provider.touch_inbox_of_document_requests()`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const op of ['insert', 'update', 'delete'])
      await q.query(`DROP TRIGGER document_requests_touch_inbox_${op} ON provider.document_requests`);
    await q.query(`DROP FUNCTION provider.touch_inbox_of_document_requests()`);
    await q.query(`DROP TRIGGER data_requests_touch_inbox ON provider.data_requests`);
    await q.query(`DROP FUNCTION provider.touch_inbox()`);
    await q.query(`CREATE OR REPLACE ${COUNT_INBOX}`);
    await q.query(`DROP FUNCTION provider.raise_inbox_versions(uuid[])`);
    await q.query(`ALTER TABLE provider.inbox_counts DROP COLUMN version`);
  }
}
