import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The open requests' index follows the one list of closed statuses (CLOSED_REQUEST_STATUSES): a
 * facility's own submission is uploaded_at already, and Revoked closes a request too. The repository's
 * OPEN predicate is built from that list; the values are written out here, as the index was made.
 */
export class ProviderOpenRequests1767300000000 implements MigrationInterface {
  name = 'ProviderOpenRequests1767300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX provider.data_requests_open`);
    await q.query(
      `CREATE INDEX data_requests_open ON provider.data_requests (custodian_id, created_at) WHERE uploaded_at IS NULL AND status NOT IN ('Completed', 'Declined', 'Revoked')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX provider.data_requests_open`);
    await q.query(
      `CREATE INDEX data_requests_open ON provider.data_requests (custodian_id, created_at) WHERE uploaded_at IS NULL AND status NOT IN ('Uploaded by external provider', 'Completed', 'Declined')`,
    );
  }
}
