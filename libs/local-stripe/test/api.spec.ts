import Stripe from 'stripe';
import { clockCustomer, local, localEvents, priceId, setup, utc, waitFor } from './helpers';

// What the SDK sees of the wire: keys, idempotency, errors, lists, expansion, the outage switch, and
// signed webhooks delivered in order with retries.
describe('local-stripe: the API as the SDK sees it', () => {
  let env: Awaited<ReturnType<typeof setup>>;
  let stripe: Stripe;

  beforeAll(async () => {
    env = await setup();
    stripe = env.stripe;
  });
  afterAll(() => env?.close());

  const raw = (path: string, init: RequestInit = {}) =>
    fetch(`${env.processor.baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${env.processor.secretKey}`, ...init.headers },
    });

  it('answers 401 to a wrong key, 404 resource_missing to an unknown id, 400 naming an unknown parameter', async () => {
    const wrong = new Stripe('sk_test_wrong', {
      host: env.processor.host,
      port: env.processor.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(wrong.customers.list()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(
      stripe.customers.create({ email: 'a@example.com', shoe_size: 42 } as Stripe.CustomerCreateParams),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'shoe_size',
    });
    await expect(
      stripe.checkout.sessions.create({ mode: 'payment', line_items: [] } as never),
    ).rejects.toMatchObject({ param: 'success_url' });
    // Nested parameters too: a setting this processor would ignore is refused, named as sent.
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        success_url: 'http://portal.test/',
        line_items: [{ price: await priceId(stripe, 'storage_basic_monthly'), quantity: 1 }],
        subscription_data: { trial_period_days: 7 },
      }),
    ).rejects.toMatchObject({ code: 'parameter_unknown', param: 'subscription_data[trial_period_days]' });
  });

  it('replays an idempotent POST without doing it again, and refuses the key with other parameters', async () => {
    const key = `idem-${Date.now()}`;
    const email = `${key}@example.com`;
    const first = await stripe.customers.create(
      { email, metadata: { userId: 'u9' } },
      { idempotencyKey: key },
    );
    const again = await stripe.customers.create(
      { email, metadata: { userId: 'u9' } },
      { idempotencyKey: key },
    );
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.customers.list({ email })).data).toHaveLength(1);
    await expect(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: key }),
    ).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
    const [created] = await env.receiver.waitForEvents(first.id, 'customer.created');
    expect(created!.request).toEqual({ id: null, idempotency_key: key });
    expect(env.receiver.of(first.id, 'customer.created')).toHaveLength(1);
  });

  it('answers 503 api_error to every /v1 call while the processor is down', async () => {
    expect((await local(env.processor, 'POST', '/_local/outage', { down: 'true' })).status).toBe(200);
    try {
      await expect(stripe.prices.list()).rejects.toMatchObject({
        type: 'StripeAPIError',
        statusCode: 503,
        message: 'processor down',
      });
    } finally {
      await local(env.processor, 'POST', '/_local/outage', { down: 'false' });
    }
    expect((await stripe.prices.list()).data.length).toBeGreaterThan(0);
  });

  it('signs events so that constructEvent verifies them (and nothing else), retries failed deliveries and resends', async () => {
    env.receiver.failNext(2);
    const customer = await stripe.customers.create({ email: 'hooks@example.com' });
    const [event] = await env.receiver.waitForEvents(customer.id, 'customer.created');
    expect(event).toMatchObject({
      object: 'event',
      api_version: '2026-10-28.endive',
      livemode: false,
      pending_webhooks: 1,
      data: { object: { id: customer.id, object: 'customer' } },
    });
    const sent = (await localEvents(env.processor)).find((e) => e.id === event!.id);
    expect(sent!.local_delivery).toMatchObject({ attempts: 3, delivered: true, last_status: 200 });

    const delivery = env.receiver.deliveries.find((d) => d.raw.includes(event!.id))!;
    expect(delivery.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() =>
      stripe.webhooks.constructEvent(
        delivery.raw.replace('hooks@', 'evil@'),
        delivery.signature,
        env.processor.webhookSecret,
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => stripe.webhooks.constructEvent(delivery.raw, delivery.signature, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(env.receiver.rejected).toEqual([]);

    expect((await local(env.processor, 'POST', `/_local/events/${event!.id}/resend`)).status).toBe(200);
    await waitFor(
      'the event delivered again',
      () => env.receiver.events.filter((e) => e.id === event!.id).length === 2,
    );
  });

  it('pages lists newest first with limit and starting_after, filters and expands', async () => {
    const email = `list-${Date.now()}@example.com`;
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await stripe.customers.create({ email, name: `C${i}` }));
    const page1 = await stripe.customers.list({ email, limit: 2 });
    expect(page1).toMatchObject({ object: 'list', has_more: true, url: '/v1/customers' });
    expect(page1.data.map((c) => c.id)).toEqual([made[2]!.id, made[1]!.id]);
    const page2 = await stripe.customers.list({ email, limit: 2, starting_after: made[1]!.id });
    expect(page2.data.map((c) => c.id)).toEqual([made[0]!.id]);
    expect(page2.has_more).toBe(false);
    await expect(stripe.customers.list({ limit: 101 })).rejects.toMatchObject({ param: 'limit' });

    // Customers on a test clock are listed only for that clock, as on Stripe.
    const { clock, customer } = await clockCustomer(stripe, utc(2027, 1, 1));
    expect((await stripe.customers.list({ email: 'pat@example.com' })).data.map((c) => c.id)).not.toContain(
      customer.id,
    );
    expect((await stripe.customers.list({ test_clock: clock.id })).data.map((c) => c.id)).toEqual([
      customer.id,
    ]);

    const price = await priceId(stripe, 'group_seat_monthly');
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price, quantity: 2 }],
      expand: ['latest_invoice', 'customer', 'default_payment_method'],
    });
    expect(sub.customer).toMatchObject({ id: customer.id, object: 'customer' });
    expect(sub.latest_invoice).toMatchObject({ object: 'invoice', amount_paid: 798 });
    expect(sub.default_payment_method).toBeNull();
    const prices = await stripe.prices.list({
      lookup_keys: ['group_seat_monthly'],
      expand: ['data.product'],
    });
    expect(prices.data[0]!.product).toMatchObject({ object: 'product', name: 'Group storage seat' });
    const res = await raw(`/v1/subscriptions/${sub.id}?expand[]=items`);
    expect(res.status).toBe(400);
  });

  it("gives the SDK's typed objects the fields the adapter reads", async () => {
    const { clock, customer } = await clockCustomer(stripe, utc(2027, 6, 15));
    const price = await stripe.prices.retrieve(await priceId(stripe, 'storage_basic_monthly'));
    expect(price).toMatchObject({
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: 499,
      lookup_key: 'storage_basic_monthly',
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1 },
    });
    expect(await stripe.products.retrieve(price.product as string)).toMatchObject({
      name: 'Basic storage (50 GB)',
    });
    expect(customer).toMatchObject({
      balance: 0,
      test_clock: clock.id,
      livemode: false,
      invoice_settings: { default_payment_method: null },
    });
    expect(clock).toMatchObject({
      object: 'test_helpers.test_clock',
      status: 'ready',
      frozen_time: utc(2027, 6, 15),
    });

    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    for (const field of [
      'customer',
      'status',
      'cancel_at_period_end',
      'cancel_at',
      'canceled_at',
      'ended_at',
      'created',
      'start_date',
      'default_payment_method',
      'latest_invoice',
      'metadata',
      'test_clock',
    ])
      expect(sub).toHaveProperty(field);
    expect(sub.id).toMatch(/^sub_/);
    expect(sub.items.data[0]).toMatchObject({
      object: 'subscription_item',
      quantity: 1,
      price: { id: price.id },
    });
    expect(sub.items.data[0]!.id).toMatch(/^si_/);

    const invoice = await stripe.invoices.retrieve(sub.latest_invoice as string);
    for (const field of [
      'amount_due',
      'amount_paid',
      'amount_remaining',
      'subtotal',
      'total',
      'currency',
      'created',
      'period_start',
      'period_end',
      'billing_reason',
      'attempt_count',
      'attempted',
      'next_payment_attempt',
      'hosted_invoice_url',
      'invoice_pdf',
    ])
      expect(invoice).toHaveProperty(field);
    expect(invoice.status_transitions).toMatchObject({
      paid_at: utc(2027, 6, 15),
      finalized_at: utc(2027, 6, 15),
    });
    expect(invoice.parent).toMatchObject({
      type: 'subscription_details',
      subscription_details: { subscription: sub.id },
    });
    expect(invoice.lines.data[0]!.id).toMatch(/^il_/);
    expect(invoice.lines.data[0]!.parent).toMatchObject({
      type: 'subscription_item_details',
      subscription_item_details: { subscription_item: sub.items.data[0]!.id },
    });
    const pdf = await fetch(invoice.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 8)
        .toString(),
    ).toBe('%PDF-1.4');
    expect(await (await fetch(invoice.hosted_invoice_url!)).text()).toContain(invoice.number!);
  });
});
