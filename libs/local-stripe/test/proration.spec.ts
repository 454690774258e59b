import Stripe from 'stripe';
import { DAY, advance, clockCustomer, priceId, setup, utc } from './helpers';

// Plan changes: what create_preview shows is what the update invoices (always_invoice), a downgrade
// becomes credit used by the next invoice, and create_prorations waits for the renewal.
describe('local-stripe: plan changes and proration', () => {
  let env: Awaited<ReturnType<typeof setup>>;
  let stripe: Stripe;
  let basic: string;
  let plus: string;
  let seat: string;

  beforeAll(async () => {
    env = await setup();
    stripe = env.stripe;
    [basic, plus, seat] = await Promise.all(
      ['storage_basic_monthly', 'storage_plus_monthly', 'group_seat_monthly'].map((k) => priceId(stripe, k)),
    );
  });
  afterAll(() => env?.close());

  it('always_invoice: the preview is what the update invoices and pays; a downgrade becomes credit', async () => {
    const start = utc(2027, 4, 1); // a 30-day period
    const { clock, customer } = await clockCustomer(stripe, start);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: basic }] });
    const item = sub.items.data[0]!;
    const now = start + 10 * DAY; // 20 of 30 days left
    await advance(stripe, clock.id, now);

    const change = {
      items: [{ id: item.id, price: plus }],
      proration_behavior: 'always_invoice' as const,
      proration_date: now,
    };
    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: sub.id,
      subscription_details: change,
    });
    expect(preview).toMatchObject({
      id: null,
      status: 'draft',
      billing_reason: 'subscription_update',
      total: 333,
      amount_due: 333,
    });
    expect(
      preview.lines.data.map((l) => [
        l.amount,
        l.description,
        l.parent?.subscription_item_details?.proration,
      ]),
    ).toEqual([
      [-333, 'Unused time on Basic storage (50 GB) after 11 Apr 2027', true],
      [666, 'Remaining time on Plus storage (500 GB) after 11 Apr 2027', true],
    ]);
    expect((await stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1);

    const upgraded = await stripe.subscriptions.update(sub.id, { ...change, expand: ['latest_invoice'] });
    const invoice = upgraded.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_update',
      status: 'paid',
      total: 333,
      amount_paid: 333,
    });
    expect(invoice.lines.data.map((l) => l.amount)).toEqual(preview.lines.data.map((l) => l.amount));
    expect(upgraded.items.data[0]).toMatchObject({
      id: item.id,
      price: { id: plus, unit_amount: 999 },
      current_period_start: start,
      current_period_end: item.current_period_end,
    });
    const [updated] = await env.receiver.waitForEvents(customer.id, 'customer.subscription.updated');
    expect(Object.keys(updated!.data.previous_attributes ?? {})).toEqual(
      expect.arrayContaining(['items', 'latest_invoice']),
    );

    const downgraded = await stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: basic }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice', 'customer'],
    });
    expect(downgraded.latest_invoice).toMatchObject({
      total: -333,
      amount_due: 0,
      amount_paid: 0,
      status: 'paid',
      ending_balance: -333,
    });
    expect((downgraded.customer as Stripe.Customer).balance).toBe(-333);

    // The credit pays part of the renewal.
    await advance(stripe, clock.id, item.current_period_end + 60);
    const renewal = (await stripe.invoices.list({ customer: customer.id, limit: 1 })).data[0]!;
    expect(renewal).toMatchObject({
      billing_reason: 'subscription_cycle',
      total: 499,
      starting_balance: -333,
      amount_due: 166,
      amount_paid: 166,
    });
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ balance: 0 });
  });

  it('create_prorations: the lines wait for the renewal invoice, as the upcoming preview shows', async () => {
    const start = utc(2027, 4, 1);
    const { clock, customer } = await clockCustomer(stripe, start);
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: seat, quantity: 3 }],
    });
    const item = sub.items.data[0]!;
    await advance(stripe, clock.id, start + 15 * DAY);

    const updated = await stripe.subscriptions.update(sub.id, { items: [{ id: item.id, quantity: 5 }] });
    expect(updated.latest_invoice).toBe(sub.latest_invoice);
    expect(updated.items.data[0]!.quantity).toBe(5);
    expect((await stripe.invoices.list({ subscription: sub.id })).data).toHaveLength(1);

    const upcoming = await stripe.invoices.createPreview({ customer: customer.id, subscription: sub.id });
    expect(upcoming.lines.data.map((l) => l.amount)).toEqual([-599, 998, 1995]);

    await advance(stripe, clock.id, item.current_period_end + 60);
    const renewal = (await stripe.invoices.list({ subscription: sub.id, limit: 1 })).data[0]!;
    expect(renewal).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      total: upcoming.total,
    });
    expect(renewal.lines.data.map((l) => [l.amount, l.parent?.subscription_item_details?.proration])).toEqual(
      [
        [-599, true],
        [998, true],
        [1995, false],
      ],
    );
    expect(renewal.lines.data[2]!.description).toBe('5 × Group storage seat (at $3.99 / month)');
  });

  it('proration_behavior none: the price changes with nothing charged or credited', async () => {
    const start = utc(2027, 4, 1);
    const { clock, customer } = await clockCustomer(stripe, start);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: basic }] });
    await advance(stripe, clock.id, start + 5 * DAY);
    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: sub.id,
      subscription_details: {
        items: [{ id: sub.items.data[0]!.id, price: plus }],
        proration_behavior: 'none',
      },
    });
    expect(preview.lines.data.map((l) => l.amount)).toEqual([999]);
    await stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0]!.id, price: plus }],
      proration_behavior: 'none',
    });
    await advance(stripe, clock.id, sub.items.data[0]!.current_period_end + 60);
    expect((await stripe.invoices.list({ subscription: sub.id, limit: 1 })).data[0]!.total).toBe(999);
  });
});
