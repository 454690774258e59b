import Stripe from 'stripe';
import { DAY, advance, clockCustomer, local, priceId, setup, submitCard, utc, waitFor } from './helpers';

// The hosted Checkout page driven as a browser would (GET, then the form POSTed), for each test card;
// processing payments settled by the helper or by the clock.
describe('local-stripe: Checkout', () => {
  let env: Awaited<ReturnType<typeof setup>>;
  let stripe: Stripe;
  let basic: string;

  beforeAll(async () => {
    env = await setup();
    stripe = env.stripe;
    basic = await priceId(stripe, 'storage_basic_monthly');
  });
  afterAll(() => env?.close());

  const fee = (customer?: string) =>
    stripe.checkout.sessions.create({
      mode: 'payment',
      customer,
      client_reference_id: 'req-1',
      line_items: [
        {
          price_data: { currency: 'usd', unit_amount: 1500, product_data: { name: 'Request fee' } },
          quantity: 1,
        },
      ],
      success_url: 'http://portal.test/subscription/payment-result?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://portal.test/requests',
      metadata: { transaction: 't1' },
      payment_intent_data: { metadata: { transaction: 't1' } },
    });
  const subscribe = (customer: string) =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      line_items: [{ price: basic, quantity: 1 }],
      success_url: 'http://portal.test/subscription?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://portal.test/subscription',
      subscription_data: { metadata: { userId: 'u1' } },
    });

  it('payment mode: a declined card leaves the session open; the good card completes it', async () => {
    const { customer } = await clockCustomer(stripe, utc(2027, 1, 1));
    const session = await fee(customer.id);
    expect(session).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 1500,
      currency: 'usd',
      client_reference_id: 'req-1',
    });
    expect(session.expires_at - session.created).toBe(DAY);
    const created = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(created.payment_intent).toMatchObject({
      status: 'requires_payment_method',
      amount: 1500,
      metadata: { transaction: 't1' },
    });

    const page = await (await fetch(session.url!)).text();
    for (const id of ['card-number', 'checkout-submit', 'checkout-cancel'])
      expect(page).toContain(`data-testid="${id}"`);
    expect(page).toContain('Request fee');
    expect(page).toContain('$15.00');
    expect(page).toContain('Back to portal.test');
    for (const card of ['4242424242424242', '4000000000000002', '4000000000001000', '4000000000000341'])
      expect(page).toContain(`data-card="${card}"`);

    for (const card of ['4000000000000002', '4000 0000 0000 0341']) {
      const declined = await submitCard(session.url!, card);
      expect(declined.status).toBe(402);
      expect(declined.html).toMatch(/data-testid="checkout-error">Your card was declined\./);
    }
    const afterDecline = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(afterDecline.status).toBe('open');
    expect((afterDecline.payment_intent as Stripe.PaymentIntent).last_payment_error).toMatchObject({
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    await env.receiver.waitForEvents(customer.id, 'payment_intent.payment_failed', 2);

    const paid = await submitCard(session.url!, '4242424242424242');
    expect(paid).toMatchObject({
      status: 303,
      location: `http://portal.test/subscription/payment-result?session=${session.id}`,
    });
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    expect(done.payment_intent).toMatchObject({
      status: 'succeeded',
      amount_received: 1500,
      last_payment_error: null,
    });
    const [completed] = await env.receiver.waitForEvents(customer.id, 'checkout.session.completed');
    expect(completed!.data.object).toMatchObject({
      id: session.id,
      payment_status: 'paid',
      metadata: { transaction: 't1' },
    });
    expect(await (await fetch(session.url!)).text()).toContain('This checkout session is complete.');
  });

  it('subscription mode: the card becomes the default and the subscription starts active', async () => {
    const { customer } = await clockCustomer(stripe, utc(2027, 1, 1), 'pm_card_chargeCustomerFail');
    const session = await subscribe(customer.id);
    expect(await (await fetch(session.url!)).text()).toContain('Subscribe');
    expect((await submitCard(session.url!, '4000000000000002')).status).toBe(402);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(0);

    expect((await submitCard(session.url!, '4242424242424242')).status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    const sub = done.subscription as Stripe.Subscription;
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(sub).toMatchObject({ status: 'active', metadata: { userId: 'u1' } });
    const cus = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    expect(cus.invoice_settings.default_payment_method).toBe(sub.default_payment_method);
    const invoice = await stripe.invoices.retrieve(sub.latest_invoice as string);
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_create',
      status: 'paid',
      amount_paid: 499,
    });
    await env.receiver.waitForEvents(customer.id, 'checkout.session.completed');
  });

  it('processing card, payment mode: complete but unpaid until settled, then async_payment_succeeded', async () => {
    const session = await fee();
    expect((await submitCard(session.url!, '4000000000001000')).status).toBe(303);
    const processing = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    const intent = processing.payment_intent as Stripe.PaymentIntent;
    expect(processing).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect(intent.status).toBe('processing');

    const settled = await local(env.processor, 'POST', `/_local/payment_intents/${intent.id}/settle`, {
      outcome: 'succeeded',
    });
    expect(settled).toMatchObject({ status: 200, body: { id: intent.id, status: 'succeeded' } });
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ payment_status: 'paid' });
    // No customer here: the events are found by the session's and the intent's ids.
    const types = () =>
      env.receiver.events
        .filter((e) => [session.id, intent.id].includes((e.data.object as { id: string }).id))
        .map((e) => e.type);
    const seen = await waitFor('the async success', () =>
      types().includes('checkout.session.async_payment_succeeded') ? types() : undefined,
    );
    expect(seen).toEqual([
      'payment_intent.processing',
      'checkout.session.completed',
      'payment_intent.succeeded',
      'checkout.session.async_payment_succeeded',
    ]);
  });

  it('processing card, subscription mode: incomplete until settled; a failed settlement keeps it so', async () => {
    const { customer } = await clockCustomer(stripe, utc(2027, 2, 1));
    const session = await subscribe(customer.id);
    expect((await submitCard(session.url!, '4000000000001000')).status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    const sub = done.subscription as Stripe.Subscription;
    expect(done.payment_status).toBe('unpaid');
    expect(sub.status).toBe('incomplete');
    const invoice = await stripe.invoices.retrieve(sub.latest_invoice as string);
    expect(invoice.status).toBe('open');
    const intentId = env.processor.state.find(invoice.id, 'invoice')?._payment_intent as string;
    expect((await stripe.paymentIntents.retrieve(intentId)).status).toBe('processing');

    await local(env.processor, 'POST', `/_local/payment_intents/${intentId}/settle`, { outcome: 'failed' });
    expect((await stripe.paymentIntents.retrieve(intentId)).last_payment_error?.code).toBe('card_declined');
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe('open');
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('incomplete');
    await env.receiver.waitForEvents(customer.id, 'checkout.session.async_payment_failed');
    await env.receiver.waitForEvents(customer.id, 'invoice.payment_failed');
  });

  it('processing card on a test clock: settles as succeeded two days later', async () => {
    const start = utc(2027, 3, 1);
    const { clock, customer } = await clockCustomer(stripe, start);
    const session = await subscribe(customer.id);
    await submitCard(session.url!, '4000000000001000');
    const { subscription } = await stripe.checkout.sessions.retrieve(session.id);
    await advance(stripe, clock.id, start + DAY);
    expect((await stripe.subscriptions.retrieve(subscription as string)).status).toBe('incomplete');
    await advance(stripe, clock.id, start + 3 * DAY);
    const sub = await stripe.subscriptions.retrieve(subscription as string, { expand: ['latest_invoice'] });
    expect(sub.status).toBe('active');
    expect(sub.latest_invoice).toMatchObject({ status: 'paid', amount_paid: 499 });
    const [succeeded] = await env.receiver.waitForEvents(
      customer.id,
      'checkout.session.async_payment_succeeded',
    );
    expect(succeeded!.created).toBe(start + 2 * DAY);
    const activated = await env.receiver.waitForEvent(
      customer.id,
      'customer.subscription.updated',
      (e) => (e.data.object as Stripe.Subscription).status === 'active',
    );
    expect(activated.data.previous_attributes).toMatchObject({ status: 'incomplete' });
  });

  it('an expired session says so and sends checkout.session.expired', async () => {
    const { customer } = await clockCustomer(stripe, utc(2027, 1, 1));
    const session = await fee(customer.id);
    await stripe.checkout.sessions.expire(session.id);
    const page = await submitCard(`${env.processor.baseUrl}/c/pay/${session.id}`, '4242424242424242');
    expect(page.html).toContain('This checkout session has expired.');
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'expired',
      url: null,
    });
    await env.receiver.waitForEvents(customer.id, 'checkout.session.expired');
  });
});
