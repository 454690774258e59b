import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The trigger function that keeps the totals (migration 1768200000000 replaces it, and puts it back on down). */
export const COUNT_INBOX = `FUNCTION provider.count_inbox() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO provider.inbox_counts AS c (custodian_id, total) SELECT custodian_id, count(*) FROM new_rows GROUP BY custodian_id
            ON CONFLICT (custodian_id) DO UPDATE SET total = c.total + EXCLUDED.total;
        ELSE
          UPDATE provider.inbox_counts c SET total = c.total - o.n FROM (SELECT custodian_id, count(*) AS n FROM old_rows GROUP BY custodian_id) o
            WHERE c.custodian_id = o.custodian_id;
        END IF;
        RETURN NULL;
      END $$`;

/**
 * The inbox's total per facility, kept by a trigger as requests arrive or leave: the first page of a
 * facility with 50,000 requests shows its exact count without counting 50,000 index entries on every
 * read (which cost more than the page itself).
 */
export class ProviderInboxCounts1766200000000 implements MigrationInterface {
  name = 'ProviderInboxCounts1766200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE provider.inbox_counts (custodian_id uuid PRIMARY KEY, total bigint NOT NULL)`,
    );
    await q.query(`CREATE ${COUNT_INBOX}`);
    await q.query(`CREATE TRIGGER data_requests_counted_in AFTER INSERT ON provider.data_requests REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION provider.count_inbox()`);
    await q.query(`CREATE TRIGGER data_requests_counted_out AFTER DELETE ON provider.data_requests REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION provider.count_inbox()`);
    await q.query(
      `INSERT INTO provider.inbox_counts (custodian_id, total) SELECT custodian_id, count(*) FROM provider.data_requests GROUP BY custodian_id`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER data_requests_counted_in ON provider.data_requests`);
    await q.query(`DROP TRIGGER data_requests_counted_out ON provider.data_requests`);
    await q.query(`DROP FUNCTION provider.count_inbox()`);
    await q.query(`DROP TABLE provider.inbox_counts`);
  }
}
