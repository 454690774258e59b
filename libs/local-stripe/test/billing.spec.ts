import Stripe from 'stripe';
import { DAY, advance, clockCustomer, priceId, setup, utc } from './helpers';

// Subscriptions on test clocks through the official SDK: renewals, declines, dunning, cancellation at
// the period's end. The webhook endpoint verifies every event it gets.
describe('local-stripe: subscriptions and invoices', () => {
  let env: Awaited<ReturnType<typeof setup>>;
  let stripe: Stripe;
  let basic: string;

  beforeAll(async () => {
    env = await setup();
    stripe = env.stripe;
    basic = await priceId(stripe, 'storage_basic_monthly');
  });
  afterAll(() => env?.close());

  it('attaches a card to a customer on a test clock and renews the subscription each calendar month', async () => {
    const start = utc(2027, 1, 31);
    const { clock, customer, card } = await clockCustomer(stripe, start);
    expect(card).toMatchObject({ object: 'payment_method', type: 'card', customer: customer.id });
    expect(card.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(customer.test_clock).toBe(clock.id);

    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: basic }],
      metadata: { userId: 'u1' },
      expand: ['latest_invoice'],
    });
    const first = sub.latest_invoice as Stripe.Invoice;
    expect(sub.status).toBe('active');
    expect(sub.start_date).toBe(start);
    expect(sub.items.data[0]).toMatchObject({
      current_period_start: start,
      current_period_end: utc(2027, 2, 28),
    });
    expect(first).toMatchObject({ status: 'paid', amount_paid: 499, billing_reason: 'subscription_create' });
    expect(first.number).toMatch(/^LOCAL-\d{4}$/);

    // Jan 31 → Feb 28 → Mar 31: each period counted from the anchor, the day clamped.
    await advance(stripe, clock.id, utc(2027, 3, 31, 13));
    const renewed = await stripe.subscriptions.retrieve(sub.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]).toMatchObject({
      current_period_start: utc(2027, 3, 31),
      current_period_end: utc(2027, 4, 30),
    });
    const invoices = await stripe.invoices.list({ customer: customer.id });
    expect(invoices.data.map((i) => [i.billing_reason, i.status, i.amount_paid, i.period_end])).toEqual([
      ['subscription_cycle', 'paid', 499, utc(2027, 3, 31)],
      ['subscription_cycle', 'paid', 499, utc(2027, 2, 28)],
      ['subscription_create', 'paid', 499, start],
    ]);
    expect(invoices.data[0]!.lines.data[0]).toMatchObject({
      amount: 499,
      description: '1 × Basic storage (50 GB) (at $4.99 / month)',
      period: { start: utc(2027, 3, 31), end: utc(2027, 4, 30) },
      pricing: { price_details: { price: basic } },
      parent: { subscription_item_details: { subscription: sub.id, proration: false } },
    });

    // Events carry the clock's time when they happened, created first with the state after payment.
    const paid = await env.receiver.waitForEvents(customer.id, 'invoice.paid', 3);
    expect(paid.map((e) => e.created)).toEqual([start, utc(2027, 2, 28), utc(2027, 3, 31)]);
    const [created] = await env.receiver.waitForEvents(customer.id, 'customer.subscription.created');
    expect(created!.data.object).toMatchObject({ id: sub.id, status: 'active' });
    const updates = await env.receiver.waitForEvents(customer.id, 'customer.subscription.updated', 2);
    expect(Object.keys(updates[0]!.data.previous_attributes ?? {})).toEqual(
      expect.arrayContaining(['items', 'latest_invoice']),
    );
  });

  it('refuses to attach a declined card, and a card whose charges fail leaves the subscription incomplete', async () => {
    const { customer } = await clockCustomer(stripe, utc(2027, 5, 1));
    const declined = await stripe.paymentMethods
      .attach('pm_card_visa_chargeDeclined', { customer: customer.id })
      .catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });

    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: basic }],
      default_payment_method: 'pm_card_chargeCustomerFail',
      expand: ['latest_invoice', 'default_payment_method'],
    });
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(sub.status).toBe('incomplete');
    expect((sub.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('0341');
    expect(invoice).toMatchObject({
      status: 'open',
      attempt_count: 1,
      attempted: true,
      next_payment_attempt: null,
      amount_remaining: 499,
    });
    await env.receiver.waitForEvents(customer.id, 'invoice.payment_failed');
    await env.receiver.waitForEvents(customer.id, 'payment_intent.payment_failed');

    const retried = await stripe.invoices.pay(invoice.id).catch((e: unknown) => e);
    expect(retried).toMatchObject({ type: 'StripeCardError', code: 'card_declined' });
    expect((await stripe.invoices.retrieve(invoice.id)).attempt_count).toBe(2);

    // Unpaid 23 hours: it never starts, its invoice is void.
    await advance(stripe, customer.test_clock as string, utc(2027, 5, 2));
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('incomplete_expired');
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe('void');
  });

  it('past_due: retries 3, 5 and 7 days after the invoice, then cancels and marks it uncollectible', async () => {
    const start = utc(2027, 6, 1);
    const { clock, customer } = await clockCustomer(stripe, start);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: basic }] });
    await stripe.subscriptions.update(sub.id, { default_payment_method: 'pm_card_chargeCustomerFail' });

    const renewal = utc(2027, 7, 1);
    await advance(stripe, clock.id, renewal + 3600);
    const pastDue = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    const invoice = pastDue.latest_invoice as Stripe.Invoice;
    expect(pastDue.status).toBe('past_due');
    expect(invoice).toMatchObject({
      status: 'open',
      attempt_count: 1,
      next_payment_attempt: renewal + 3 * DAY,
    });

    await advance(stripe, clock.id, renewal + 4 * DAY);
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      attempt_count: 2,
      next_payment_attempt: renewal + 5 * DAY,
    });

    await advance(stripe, clock.id, renewal + 8 * DAY);
    const ended = await stripe.subscriptions.retrieve(sub.id);
    expect(ended).toMatchObject({
      status: 'canceled',
      ended_at: renewal + 7 * DAY,
      canceled_at: renewal + 7 * DAY,
    });
    expect(ended.cancellation_details?.reason).toBe('payment_failed');
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'uncollectible',
      attempt_count: 4,
      next_payment_attempt: null,
    });

    const failed = await env.receiver.waitForEvents(customer.id, 'invoice.payment_failed', 4);
    expect(failed.map((e) => e.created)).toEqual([
      renewal,
      renewal + 3 * DAY,
      renewal + 5 * DAY,
      renewal + 7 * DAY,
    ]);
    expect(failed.map((e) => (e.data.object as Stripe.Invoice).next_payment_attempt)).toEqual([
      renewal + 3 * DAY,
      renewal + 5 * DAY,
      renewal + 7 * DAY,
      null,
    ]);
    await env.receiver.waitForEvents(customer.id, 'invoice.marked_uncollectible');
    const [deleted] = await env.receiver.waitForEvents(customer.id, 'customer.subscription.deleted');
    expect(deleted!.data.object).toMatchObject({ id: sub.id, status: 'canceled' });
    const toPastDue = await env.receiver.waitForEvent(
      customer.id,
      'customer.subscription.updated',
      (e) => (e.data.object as Stripe.Subscription).status === 'past_due',
    );
    expect(toPastDue.data.previous_attributes).toMatchObject({ status: 'active' });
  });

  it('cancel_at_period_end: the subscription runs to the end of the period, then ends without renewing', async () => {
    const start = utc(2027, 8, 10);
    const { clock, customer } = await clockCustomer(stripe, start);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: basic }] });
    const end = sub.items.data[0]!.current_period_end;

    const resumed = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: false });
    expect(resumed.cancel_at).toBeNull();
    const canceling = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(canceling).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: end,
      canceled_at: start,
    });
    const [update] = await env.receiver.waitForEvents(customer.id, 'customer.subscription.updated');
    expect(update!.data.previous_attributes).toEqual({
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
    });

    await advance(stripe, clock.id, end + DAY);
    expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({ status: 'canceled', ended_at: end });
    expect((await stripe.invoices.list({ subscription: sub.id })).data).toHaveLength(1);
    await env.receiver.waitForEvents(customer.id, 'customer.subscription.deleted');
    const active = await stripe.subscriptions.list({ customer: customer.id });
    expect(active.data).toHaveLength(0);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(1);
  });

  it('cancels at once on DELETE', async () => {
    const { customer } = await clockCustomer(stripe, utc(2027, 9, 1));
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: basic }] });
    expect(await stripe.subscriptions.cancel(sub.id)).toMatchObject({
      status: 'canceled',
      ended_at: utc(2027, 9, 1),
    });
    await env.receiver.waitForEvents(customer.id, 'customer.subscription.deleted');
  });
});
