import Stripe from 'stripe';
import { advance, clockCustomer, priceId, setup, submitCard, utc } from './helpers';

// The billing portal's "fix your card" page: the open invoice of a past_due subscription is paid with
// the new card at once.
describe('local-stripe: billing portal', () => {
  let env: Awaited<ReturnType<typeof setup>>;
  let stripe: Stripe;

  beforeAll(async () => {
    env = await setup();
    stripe = env.stripe;
  });
  afterAll(() => env?.close());

  it('a fixed card becomes the default and pays the open invoice of a past_due subscription', async () => {
    const start = utc(2027, 1, 10);
    const { clock, customer } = await clockCustomer(stripe, start);
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: await priceId(stripe, 'storage_plus_monthly') }],
    });
    await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: 'pm_card_chargeCustomerFail' },
    });
    await advance(stripe, clock.id, sub.items.data[0]!.current_period_end + 60);
    const pastDue = await stripe.subscriptions.retrieve(sub.id);
    expect(pastDue.status).toBe('past_due');
    const invoiceId = pastDue.latest_invoice as string;

    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://portal.test/subscription',
      flow_data: { type: 'payment_method_update' },
    });
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: 'http://portal.test/subscription',
    });
    expect(portal.id).toMatch(/^bps_/);
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('ending in 0341');
    expect(page).toContain('Due now: $9.99');

    const declined = await submitCard(portal.url, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('data-testid="checkout-error">Your card was declined.');
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');

    expect(await submitCard(portal.url, '4242424242424242')).toMatchObject({
      status: 303,
      location: 'http://portal.test/subscription',
    });
    const fixed = await stripe.subscriptions.retrieve(sub.id, { expand: ['default_payment_method'] });
    expect(fixed.status).toBe('active');
    expect((fixed.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242');
    const cus = (await stripe.customers.retrieve(customer.id, {
      expand: ['invoice_settings.default_payment_method'],
    })) as Stripe.Customer;
    expect((cus.invoice_settings.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242');
    const invoice = await stripe.invoices.retrieve(invoiceId);
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 999,
      attempt_count: 2,
      next_payment_attempt: null,
    });

    const [paid] = await env.receiver.waitForEvents(customer.id, 'invoice.paid', 2).then((e) => e.slice(1));
    expect(paid!.data.object).toMatchObject({ id: invoiceId, status: 'paid' });
    const active = await env.receiver.waitForEvent(
      customer.id,
      'customer.subscription.updated',
      (e) => (e.data.object as Stripe.Subscription).status === 'active',
    );
    expect(active.data.previous_attributes).toMatchObject({ status: 'past_due' });
  });

  it('a card that attaches but cannot pay is saved, and the invoice stays open', async () => {
    const { customer } = await clockCustomer(stripe, utc(2027, 2, 10), 'pm_card_chargeCustomerFail');
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: await priceId(stripe, 'storage_basic_monthly') }],
    });
    expect(sub.status).toBe('incomplete');
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://portal.test/',
      flow_data: {
        type: 'payment_method_update',
        after_completion: { type: 'redirect', redirect: { return_url: 'http://portal.test/card-updated' } },
      },
    });
    expect(await submitCard(portal.url, '4000000000000341')).toMatchObject({
      status: 303,
      location: 'http://portal.test/card-updated',
    });
    expect((await stripe.invoices.retrieve(sub.latest_invoice as string)).status).toBe('open');
    expect((await submitCard(portal.url, '4242424242424242')).status).toBe(303);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
  });
});
