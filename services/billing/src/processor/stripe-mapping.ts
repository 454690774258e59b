import type Stripe from 'stripe';
import type { ProcessorInvoice, ProcessorSubscription } from './payment-processor';

const date = (unix: number | null | undefined): Date | null => (unix ? new Date(unix * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A Stripe subscription in our words (API 2026-10-28: the periods live on the item). */
export const toSubscription = (s: Stripe.Subscription): ProcessorSubscription => {
  const item = s.items.data[0];
  const pm = typeof s.default_payment_method === 'object' ? s.default_payment_method : null;
  return {
    id: s.id,
    customerId: idOf(s.customer)!,
    status: s.status,
    priceLookupKey: item?.price.lookup_key ?? null,
    itemId: item?.id ?? null,
    quantity: item?.quantity ?? 1,
    unitAmount: item?.price.unit_amount ?? 0,
    currency: item?.price.currency ?? 'usd',
    currentPeriodStart: date(item?.current_period_start),
    currentPeriodEnd: date(item?.current_period_end),
    cancelAtPeriodEnd: s.cancel_at_period_end,
    endedAt: date(s.ended_at),
    createdAt: date(s.created)!,
    paymentMethod: pm?.card
      ? {
          brand: pm.card.brand,
          last4: pm.card.last4,
          expMonth: pm.card.exp_month,
          expYear: pm.card.exp_year,
        }
      : null,
    metadata: { ...s.metadata },
  };
};

export const toInvoice = (i: Stripe.Invoice): ProcessorInvoice => ({
  id: i.id!,
  customerId: idOf(i.customer)!,
  subscriptionId: idOf(i.parent?.subscription_details?.subscription),
  number: i.number ?? '',
  status: i.status ?? 'draft',
  amountDue: i.amount_due,
  amountPaid: i.amount_paid,
  currency: i.currency,
  description: i.lines.data
    .map((l) => l.description)
    .filter(Boolean)
    .join('; '),
  periodStart: date(i.lines.data[0]?.period.start ?? i.period_start),
  periodEnd: date(i.lines.data[0]?.period.end ?? i.period_end),
  paidAt: date(i.status_transitions.paid_at),
  attemptCount: i.attempt_count,
  nextPaymentAttempt: date(i.next_payment_attempt),
  createdAt: date(i.created)!,
});
