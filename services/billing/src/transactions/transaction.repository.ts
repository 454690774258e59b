import { Injectable } from '@nestjs/common';
import type { PaymentOutcome, PaymentPurpose } from '@portal/contracts';
import { type Queryable, returning } from '@portal/server-kit';

/** A payment started from the portal: 'open' until the processor says how it went. */
export interface TransactionRow {
  id: string;
  user_id: string;
  purpose: PaymentPurpose;
  session_id: string | null;
  payment_intent_id: string | null;
  subscription_id: string | null;
  outcome: 'open' | PaymentOutcome;
  plan_id: string | null;
  patient_request_id: string | null;
  group_id: string | null;
}

@Injectable()
export class TransactionRepository {
  async insert(
    db: Queryable,
    row: Pick<TransactionRow, 'id' | 'user_id' | 'purpose'> & Partial<TransactionRow>,
  ): Promise<void> {
    await db.query(
      `INSERT INTO billing.transactions (id, user_id, purpose, plan_id, patient_request_id, group_id)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        row.id,
        row.user_id,
        row.purpose,
        row.plan_id ?? null,
        row.patient_request_id ?? null,
        row.group_id ?? null,
      ],
    );
  }

  async setSession(db: Queryable, id: string, sessionId: string): Promise<void> {
    await db.query(`UPDATE billing.transactions SET session_id = $2, updated_at = now() WHERE id = $1`, [
      id,
      sessionId,
    ]);
  }

  /** The caller's own transaction only (another's is not found). */
  async own(db: Queryable, userId: string, id: string, lock = false): Promise<TransactionRow | null> {
    const [row] = await db.query(
      `SELECT * FROM billing.transactions WHERE id = $1 AND user_id = $2 ${lock ? 'FOR UPDATE' : ''}`,
      [id, userId],
    );
    return (row as TransactionRow | undefined) ?? null;
  }

  async bySession(db: Queryable, sessionId: string): Promise<TransactionRow | null> {
    const [row] = await db.query(`SELECT * FROM billing.transactions WHERE session_id = $1 FOR UPDATE`, [
      sessionId,
    ]);
    return (row as TransactionRow | undefined) ?? null;
  }

  async byPaymentIntent(db: Queryable, paymentIntentId: string): Promise<TransactionRow | null> {
    const [row] = await db.query(
      `SELECT * FROM billing.transactions WHERE payment_intent_id = $1 FOR UPDATE`,
      [paymentIntentId],
    );
    return (row as TransactionRow | undefined) ?? null;
  }

  /** Whether the checkout that bought this subscription ended failed (its first payment did not settle). */
  async failedFor(db: Queryable, subscriptionId: string): Promise<boolean> {
    const [row] = await db.query(
      `SELECT outcome FROM billing.transactions WHERE subscription_id = $1 ORDER BY updated_at DESC LIMIT 1`,
      [subscriptionId],
    );
    return (row as { outcome: string } | undefined)?.outcome === 'failed';
  }

  /** Records the outcome; false when it was that already (nothing to announce again). */
  async settle(
    db: Queryable,
    id: string,
    outcome: TransactionRow['outcome'],
    paymentIntentId: string | null,
    subscriptionId: string | null = null,
  ): Promise<boolean> {
    const rows = await returning(
      db,
      `UPDATE billing.transactions SET outcome = $2, payment_intent_id = COALESCE($3, payment_intent_id),
         subscription_id = COALESCE($4, subscription_id), updated_at = now()
       WHERE id = $1 AND (outcome IS DISTINCT FROM $2 OR subscription_id IS DISTINCT FROM COALESCE($4, subscription_id)) RETURNING 1`,
      [id, outcome, paymentIntentId, subscriptionId],
    );
    return rows.length > 0;
  }
}
