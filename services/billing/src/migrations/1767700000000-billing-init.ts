import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createPlatformTables, dropPlatformTables } from '@portal/server-kit';

/**
 * The billing context (issue 30, decision 0031). The processor (Stripe) is the source of truth for
 * subscriptions and invoices; these tables are our copy of what it last told us, re-read from it on
 * every webhook, so a late or repeated event cannot roll a row back. processor_events (the processor's
 * event ids, apart from the platform's processed_events of our own bus) makes each webhook apply once;
 * transactions are the payments started from the portal and their outcome.
 */
export class BillingInit1767700000000 implements MigrationInterface {
  name = 'BillingInit1767700000000';

  async up(q: QueryRunner): Promise<void> {
    await createPlatformTables(q, 'billing');
    await q.query(`CREATE TABLE billing.accounts (
      user_id uuid PRIMARY KEY,
      email text NOT NULL,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      version bigint NOT NULL DEFAULT 0)`);
    // owner_type 'user' (a patient's storage) or 'group' (a group's seats).
    await q.query(`CREATE TABLE billing.customers (
      owner_type text NOT NULL CHECK (owner_type IN ('user', 'group')),
      owner_id uuid NOT NULL,
      customer_id text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (owner_type, owner_id))`);
    await q.query(`CREATE TABLE billing.subscriptions (
      id text PRIMARY KEY,
      owner_type text NOT NULL,
      owner_id uuid NOT NULL,
      customer_id text NOT NULL,
      plan_id text NOT NULL,
      status text NOT NULL,
      quantity integer NOT NULL DEFAULT 1,
      unit_amount integer NOT NULL DEFAULT 0,
      currency text NOT NULL DEFAULT 'usd',
      item_id text,
      current_period_start timestamptz,
      current_period_end timestamptz,
      cancel_at_period_end boolean NOT NULL DEFAULT false,
      ended_at timestamptz,
      payment_method jsonb,
      created_at timestamptz NOT NULL,
      synced_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(
      `CREATE INDEX subscriptions_owner ON billing.subscriptions (owner_type, owner_id, created_at DESC)`,
    );
    await q.query(`CREATE TABLE billing.invoices (
      id text PRIMARY KEY,
      receipt_id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      owner_type text NOT NULL,
      owner_id uuid NOT NULL,
      subscription_id text,
      number text NOT NULL DEFAULT '',
      status text NOT NULL,
      amount_due integer NOT NULL,
      amount_paid integer NOT NULL,
      currency text NOT NULL,
      description text NOT NULL DEFAULT '',
      period_start timestamptz,
      period_end timestamptz,
      paid_at timestamptz,
      attempt_count integer NOT NULL DEFAULT 0,
      next_payment_attempt timestamptz,
      created_at timestamptz NOT NULL,
      reminded_attempts integer NOT NULL DEFAULT 0)`);
    await q.query(`CREATE INDEX invoices_owner ON billing.invoices (owner_type, owner_id, created_at DESC)`);
    await q.query(`CREATE TABLE billing.transactions (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      purpose text NOT NULL,
      session_id text UNIQUE,
      payment_intent_id text,
      subscription_id text,
      outcome text NOT NULL DEFAULT 'open',
      plan_id text,
      patient_request_id uuid,
      group_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX transactions_intent ON billing.transactions (payment_intent_id)`);
    await q.query(`CREATE TABLE billing.request_fees (
      patient_request_id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      custodian_name text NOT NULL,
      amount_cents integer NOT NULL,
      currency text NOT NULL,
      status text NOT NULL DEFAULT 'PENDING',
      message text,
      transaction_id uuid,
      version bigint NOT NULL DEFAULT 1)`);
    await q.query(`CREATE TABLE billing.processor_events (
      id text PRIMARY KEY,
      type text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE TABLE billing.storage_standing (
      user_id uuid PRIMARY KEY,
      storage_open boolean NOT NULL,
      past_due boolean NOT NULL DEFAULT false,
      version bigint NOT NULL DEFAULT 1)`);
    // groups.membership-changed snapshots, at their version: seats and who is covered.
    await q.query(`CREATE TABLE billing.group_members (
      membership_id uuid PRIMARY KEY,
      group_id uuid NOT NULL,
      parent_group_id uuid,
      group_name text NOT NULL DEFAULT '',
      user_id uuid NOT NULL,
      email text NOT NULL,
      role text NOT NULL,
      status text NOT NULL,
      expires_at timestamptz,
      version bigint NOT NULL DEFAULT 0)`);
    await q.query(`CREATE INDEX group_members_group ON billing.group_members (group_id)`);
    await q.query(`CREATE INDEX group_members_user ON billing.group_members (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'group_members',
      'storage_standing',
      'processor_events',
      'request_fees',
      'transactions',
      'invoices',
      'subscriptions',
      'customers',
      'accounts',
    ])
      await q.query(`DROP TABLE billing.${t}`);
    await dropPlatformTables(q, 'billing');
  }
}
