import { Injectable } from '@nestjs/common';
import type { PaymentMethodSummary } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';
import type { Owner, ProcessorSubscription } from '../processor/payment-processor';

export interface SubscriptionRow {
  id: string;
  owner_type: string;
  owner_id: string;
  customer_id: string;
  plan_id: string;
  status: string;
  quantity: number;
  unit_amount: number;
  currency: string;
  item_id: string | null;
  current_period_start: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  ended_at: Date | null;
  payment_method: PaymentMethodSummary | null;
  created_at: Date;
  synced_at: Date;
}

/** Statuses in which a subscription is still the owner's plan (paid, settling, or in its retries). */
export const LIVE_STATUSES = ['active', 'trialing', 'past_due', 'incomplete'];
/** Statuses of a plan that was the owner's and ended (cancelled, every retry failed, paused by the processor). */
export const LAPSED_STATUSES = ['canceled', 'unpaid', 'paused'];

/** Our copy of the processor's subscriptions, always the whole object as last read from it. */
@Injectable()
export class SubscriptionRepository {
  async save(db: Queryable, owner: Owner, planId: string, s: ProcessorSubscription): Promise<void> {
    await db.query(
      `INSERT INTO billing.subscriptions (id, owner_type, owner_id, customer_id, plan_id, status, quantity, item_id,
         current_period_start, current_period_end, cancel_at_period_end, ended_at, payment_method, created_at,
         unit_amount, currency, synced_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, now())
       ON CONFLICT (id) DO UPDATE SET plan_id = EXCLUDED.plan_id, status = EXCLUDED.status, quantity = EXCLUDED.quantity,
         unit_amount = EXCLUDED.unit_amount, currency = EXCLUDED.currency,
         item_id = EXCLUDED.item_id, current_period_start = EXCLUDED.current_period_start,
         current_period_end = EXCLUDED.current_period_end, cancel_at_period_end = EXCLUDED.cancel_at_period_end,
         ended_at = EXCLUDED.ended_at, payment_method = COALESCE(EXCLUDED.payment_method, billing.subscriptions.payment_method),
         synced_at = now()`,
      [
        s.id,
        owner.type,
        owner.id,
        s.customerId,
        planId,
        s.status,
        s.quantity,
        s.itemId,
        s.currentPeriodStart,
        s.currentPeriodEnd,
        s.cancelAtPeriodEnd,
        s.endedAt,
        s.paymentMethod ? JSON.stringify(s.paymentMethod) : null,
        s.createdAt,
        s.unitAmount,
        s.currency,
      ],
    );
  }

  /** The owner's plan: the live one, else the latest that ended (what "Not active" is about), else none. */
  async current(db: Queryable, owner: Owner): Promise<SubscriptionRow | null> {
    const [row] = await db.query(
      `SELECT * FROM billing.subscriptions WHERE owner_type = $1 AND owner_id = $2
       ORDER BY (status = ANY($3)) DESC, created_at DESC LIMIT 1`,
      [owner.type, owner.id, LIVE_STATUSES],
    );
    return (row as SubscriptionRow | undefined) ?? null;
  }

  /** The status we last had for a subscription (undefined: never seen). */
  async statusOf(db: Queryable, id: string): Promise<string | undefined> {
    const [row] = await db.query(`SELECT status FROM billing.subscriptions WHERE id = $1`, [id]);
    return (row as { status: string } | undefined)?.status;
  }

  /** Every group's live seat plan (the seat count keeps them in step with the members). */
  liveSeatPlans(db: Queryable): Promise<SubscriptionRow[]> {
    return db.query(`SELECT * FROM billing.subscriptions WHERE owner_type = 'group' AND status = ANY($1)`, [
      ['active', 'trialing', 'past_due'],
    ]);
  }

  /** The live seat plans of these groups. */
  async liveOfGroups(db: Queryable, groupIds: string[]): Promise<SubscriptionRow[]> {
    if (!groupIds.length) return [];
    return db.query(
      `SELECT * FROM billing.subscriptions WHERE owner_type = 'group' AND owner_id = ANY($1) AND status = ANY($2)`,
      [groupIds, ['active', 'trialing', 'past_due']],
    );
  }
}
