import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many acts each group's log holds, kept by the database itself: a statement trigger adds every
 * batch of inserted acts (the consumer's, the use cases', a bulk load) to its group's count, so the
 * logs' first page answers its total without counting 50,000 rows on every read. Acts are never
 * updated or deleted, so an insert is the only change to count.
 */
export class GroupActCounts1767600000000 implements MigrationInterface {
  name = 'GroupActCounts1767600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE groups.act_counts (group_id uuid PRIMARY KEY, n bigint NOT NULL)`);
    await q.query(
      `INSERT INTO groups.act_counts (group_id, n) SELECT group_id, count(*) FROM groups.acts GROUP BY group_id`,
    );
    await q.query(`CREATE FUNCTION groups.count_acts() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO groups.act_counts (group_id, n) SELECT group_id, count(*) FROM new_acts GROUP BY group_id
        ON CONFLICT (group_id) DO UPDATE SET n = groups.act_counts.n + EXCLUDED.n;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER acts_counted AFTER INSERT ON groups.acts REFERENCING NEW TABLE AS new_acts
      FOR EACH STATEMENT EXECUTE FUNCTION groups.count_acts()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER acts_counted ON groups.acts`);
    await q.query(`DROP FUNCTION groups.count_acts()`);
    await q.query(`DROP TABLE groups.act_counts`);
  }
}
