import type Stripe from 'stripe';
import { toInvoice, toSubscription } from './stripe-mapping';

/** 2026-01-01T00:00:00Z and the days after it, in Stripe's unix seconds. */
const T0 = Date.UTC(2026, 0, 1) / 1000;
const DAY = 86_400;
const at = (unix: number) => new Date(unix * 1000);

const aSubscription = (over: Record<string, unknown> = {}) =>
  ({
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    cancel_at_period_end: false,
    ended_at: null,
    created: T0,
    default_payment_method: null,
    metadata: { ownerType: 'user', ownerId: 'u1' },
    items: {
      data: [
        {
          id: 'si_1',
          quantity: 3,
          current_period_start: T0,
          current_period_end: T0 + 31 * DAY,
          price: { lookup_key: 'storage_plus_monthly', unit_amount: 999, currency: 'usd' },
        },
      ],
    },
    ...over,
  }) as unknown as Stripe.Subscription;

const anInvoice = (over: Record<string, unknown> = {}) =>
  ({
    id: 'in_1',
    object: 'invoice',
    customer: 'cus_1',
    parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } },
    number: 'INV-0001',
    status: 'paid',
    amount_due: 999,
    amount_paid: 999,
    currency: 'usd',
    lines: {
      data: [
        { description: '1 × Plus (at $9.99 / month)', period: { start: T0, end: T0 + 31 * DAY } },
        { description: null, period: { start: T0, end: T0 + 31 * DAY } },
        { description: 'Unused time on Basic', period: { start: T0, end: T0 + 31 * DAY } },
      ],
    },
    period_start: T0 - 31 * DAY,
    period_end: T0,
    status_transitions: { paid_at: T0 + 60 },
    attempt_count: 1,
    next_payment_attempt: null,
    created: T0,
    ...over,
  }) as unknown as Stripe.Invoice;

describe('toSubscription', () => {
  it('takes the periods, price and quantity from the first item (API 2026-10-28), and copies the metadata', () => {
    const s = aSubscription();
    const mapped = toSubscription(s);
    expect(mapped).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      priceLookupKey: 'storage_plus_monthly',
      itemId: 'si_1',
      quantity: 3,
      unitAmount: 999,
      currency: 'usd',
      currentPeriodStart: at(T0),
      currentPeriodEnd: at(T0 + 31 * DAY),
      cancelAtPeriodEnd: false,
      endedAt: null,
      createdAt: at(T0),
      paymentMethod: null,
      metadata: { ownerType: 'user', ownerId: 'u1' },
    });
    // A copy: changing ours leaves the processor's object alone.
    mapped.metadata.ownerId = 'changed';
    expect(s.metadata.ownerId).toBe('u1');
  });

  it('sums up an expanded card payment method, and reads an expanded customer by its id', () => {
    const mapped = toSubscription(
      aSubscription({
        customer: { id: 'cus_9', object: 'customer' },
        default_payment_method: {
          id: 'pm_1',
          object: 'payment_method',
          card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
        },
        cancel_at_period_end: true,
        status: 'canceled',
        ended_at: T0 + 40 * DAY,
      }),
    );
    expect(mapped).toMatchObject({
      customerId: 'cus_9',
      paymentMethod: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      cancelAtPeriodEnd: true,
      status: 'canceled',
      endedAt: at(T0 + 40 * DAY),
    });
  });

  it('has no card summary for an unexpanded payment method id or one without a card', () => {
    expect(toSubscription(aSubscription({ default_payment_method: 'pm_1' })).paymentMethod).toBeNull();
    expect(
      toSubscription(
        aSubscription({ default_payment_method: { id: 'pm_2', object: 'payment_method', card: null } }),
      ).paymentMethod,
    ).toBeNull();
  });

  it('falls back to one unit of nothing, in dollars, without periods, for a subscription without items', () => {
    expect(toSubscription(aSubscription({ items: { data: [] } }))).toMatchObject({
      priceLookupKey: null,
      itemId: null,
      quantity: 1,
      unitAmount: 0,
      currency: 'usd',
      currentPeriodStart: null,
      currentPeriodEnd: null,
    });
  });
});

describe('toInvoice', () => {
  it("names the subscription from parent.subscription_details, when paid, and every line's description joined", () => {
    expect(toInvoice(anInvoice())).toEqual({
      id: 'in_1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      number: 'INV-0001',
      status: 'paid',
      amountDue: 999,
      amountPaid: 999,
      currency: 'usd',
      description: '1 × Plus (at $9.99 / month); Unused time on Basic',
      periodStart: at(T0),
      periodEnd: at(T0 + 31 * DAY),
      paidAt: at(T0 + 60),
      attemptCount: 1,
      nextPaymentAttempt: null,
      createdAt: at(T0),
    });
  });

  it('reads an expanded subscription by its id', () => {
    expect(
      toInvoice(
        anInvoice({
          parent: { subscription_details: { subscription: { id: 'sub_7', object: 'subscription' } } },
        }),
      ).subscriptionId,
    ).toBe('sub_7');
  });

  it('an open invoice outside a subscription: no subscription, not paid, its next attempt, the periods of the invoice', () => {
    const mapped = toInvoice(
      anInvoice({
        parent: null,
        status: 'open',
        number: null,
        amount_paid: 0,
        lines: { data: [] },
        status_transitions: { paid_at: null },
        attempt_count: 2,
        next_payment_attempt: T0 + 3 * DAY,
      }),
    );
    expect(mapped).toMatchObject({
      subscriptionId: null,
      status: 'open',
      number: '',
      amountPaid: 0,
      description: '',
      periodStart: at(T0 - 31 * DAY),
      periodEnd: at(T0),
      paidAt: null,
      attemptCount: 2,
      nextPaymentAttempt: at(T0 + 3 * DAY),
    });
  });
});
