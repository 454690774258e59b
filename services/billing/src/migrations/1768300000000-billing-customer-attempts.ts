import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The processor call that makes an owner's customer is keyed by a row written before it: a retry
 * (the call answered but our write of the customer was lost, or the caller tried again) sends the
 * same idempotency key and the same test-clock start, so the processor answers the customer it
 * already made. A key made of the owner and the clock's second made a second customer whenever a
 * retry crossed a second; a key of the owner alone would hand a re-created portal database the
 * customer (and the moved test clock) of its predecessor.
 */
export class BillingCustomerAttempts1768300000000 implements MigrationInterface {
  name = 'BillingCustomerAttempts1768300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE billing.customer_attempts (
      owner_type text NOT NULL CHECK (owner_type IN ('user', 'group')),
      owner_id uuid NOT NULL,
      idempotency_key uuid NOT NULL DEFAULT gen_random_uuid(),
      reserved_at timestamptz NOT NULL DEFAULT date_trunc('second', now()),
      PRIMARY KEY (owner_type, owner_id))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE billing.customer_attempts`);
  }
}
