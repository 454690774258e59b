import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30: a request to a facility that charges a fee is kept here, as its submitted event told it,
 * while the fee is not paid ('Pending payment', 'Pending payment clearance'): out of the inbox, its
 * counts, searches and every staff route. Once it is 'New' it moves into provider.data_requests.
 */
export class ProviderAwaitingPayment1767800000000 implements MigrationInterface {
  name = 'ProviderAwaitingPayment1767800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE provider.requests_awaiting_payment (
      id uuid PRIMARY KEY,
      custodian_id uuid NOT NULL,
      status text NOT NULL,
      request jsonb NOT NULL,
      held_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE provider.requests_awaiting_payment`);
  }
}
