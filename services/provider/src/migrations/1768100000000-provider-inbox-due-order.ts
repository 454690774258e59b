import type { MigrationInterface, QueryRunner } from 'typeorm';

const CLOSED = `'Completed', 'Declined', 'Revoked'`;

/**
 * The inbox by due date as two index walks instead of a sort of the facility's every request: the open
 * requests oldest first (data_requests_open, now with the id as tie-break; it still serves the overdue
 * and due-soon counts) and the answered ones newest first (data_requests_answered). Their predicates are
 * the repository's OPEN and ANSWERED; the values are written out here, as the indexes are made.
 */
export class ProviderInboxDueOrder1768100000000 implements MigrationInterface {
  name = 'ProviderInboxDueOrder1768100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX provider.data_requests_open`);
    await q.query(
      `CREATE INDEX data_requests_open ON provider.data_requests (custodian_id, created_at, id DESC) WHERE uploaded_at IS NULL AND status NOT IN (${CLOSED})`,
    );
    await q.query(
      `CREATE INDEX data_requests_answered ON provider.data_requests (custodian_id, created_at DESC, id DESC) WHERE uploaded_at IS NOT NULL OR status IN (${CLOSED})`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX provider.data_requests_answered`);
    await q.query(`DROP INDEX provider.data_requests_open`);
    await q.query(
      `CREATE INDEX data_requests_open ON provider.data_requests (custodian_id, created_at) WHERE uploaded_at IS NULL AND status NOT IN (${CLOSED})`,
    );
  }
}
