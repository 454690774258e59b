import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30: a facility may charge a fee for a records request (null: none), in US dollars by default.
 * A request to it keeps the fee it was submitted with and the version of the last fee event applied
 * (billing.request-fee-changed), so a late, older event changes nothing.
 */
export class RequestsRequestFees1767800000000 implements MigrationInterface {
  name = 'RequestsRequestFees1767800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE requests.custodians ADD COLUMN request_fee_cents integer
         CONSTRAINT custodians_request_fee_range CHECK (request_fee_cents > 0 AND request_fee_cents <= 100000),
       ADD COLUMN request_fee_currency text NOT NULL DEFAULT 'usd'`,
    );
    await q.query(
      `ALTER TABLE requests.patient_requests ADD COLUMN fee_amount_cents integer, ADD COLUMN fee_currency text,
       ADD COLUMN fee_version bigint NOT NULL DEFAULT 0`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE requests.patient_requests DROP COLUMN fee_amount_cents, DROP COLUMN fee_currency, DROP COLUMN fee_version`,
    );
    await q.query(
      `ALTER TABLE requests.custodians DROP COLUMN request_fee_cents, DROP COLUMN request_fee_currency`,
    );
  }
}
