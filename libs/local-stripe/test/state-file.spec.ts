import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Stripe from 'stripe';
import { advance, clockCustomer, localEvents, priceId, setup, utc, waitFor } from './helpers';

// The state file (`stateFile`): what the portal's database names must still be there after a restart,
// and what comes after must not collide with it.
describe('local-stripe: the state file', () => {
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-stripe-state-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps customers, subscriptions, invoices, clocks and idempotency keys across a restart', async () => {
    const stateFile = path.join(dir, 'state.json');
    const start = utc(2027, 1, 31);
    const first = await setup({ stateFile });
    let ids: { clock: string; customer: string; card: string; sub: string; invoice: string; basic: string };
    let invoiceNumber: string | null;
    let replayed: string;
    try {
      const { stripe } = first;
      const basic = await priceId(stripe, 'storage_basic_monthly');
      const { clock, customer, card } = await clockCustomer(stripe, start);
      const sub = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: basic }],
        metadata: { userId: 'u1' },
      });
      const invoice = await stripe.invoices.retrieve(sub.latest_invoice as string);
      expect(invoice).toMatchObject({ status: 'paid', amount_paid: 499 });
      invoiceNumber = invoice.number;
      replayed = (
        await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'k-restart' })
      ).id;
      ids = {
        clock: clock.id,
        customer: customer.id,
        card: card.id,
        sub: sub.id,
        invoice: invoice.id,
        basic,
      };
      // Saved soon after each change, not only at close().
      await waitFor('the subscription in the state file', () =>
        fs.existsSync(stateFile) ? fs.readFileSync(stateFile, 'utf8').includes(sub.id) : false,
      );
      await first.receiver.waitForEvents(customer.id, 'invoice.paid');
    } finally {
      await first.close();
    }
    expect(fs.existsSync(`${stateFile}.tmp`)).toBe(false);

    const second = await setup({ stateFile });
    try {
      const { stripe, processor } = second;
      expect(await stripe.customers.retrieve(ids.customer)).toMatchObject({
        id: ids.customer,
        test_clock: ids.clock,
        invoice_settings: { default_payment_method: ids.card },
      });
      expect(await stripe.paymentMethods.retrieve(ids.card)).toMatchObject({ customer: ids.customer });
      expect(await stripe.testHelpers.testClocks.retrieve(ids.clock)).toMatchObject({
        frozen_time: start,
        status: 'ready',
      });
      const sub = await stripe.subscriptions.retrieve(ids.sub);
      expect(sub).toMatchObject({
        status: 'active',
        metadata: { userId: 'u1' },
        latest_invoice: ids.invoice,
      });
      expect(sub.items.data[0]).toMatchObject({
        current_period_end: utc(2027, 2, 28),
        price: { id: ids.basic },
      });
      const invoice = await stripe.invoices.retrieve(ids.invoice);
      expect(invoice).toMatchObject({ status: 'paid', number: invoiceNumber });
      // The hosted page moved with the processor's port.
      expect(invoice.hosted_invoice_url).toBe(`${processor.baseUrl}/i/${ids.invoice}`);
      expect((await fetch(invoice.hosted_invoice_url!)).status).toBe(200);
      // The seeded prices are the saved ones, not seeded again; a shared object is one object again.
      const prices = await stripe.prices.list({ lookup_keys: ['storage_basic_monthly'] });
      expect(prices.data.map((p) => p.id)).toEqual([ids.basic]);
      expect(processor.state.find(ids.sub)!.items.data[0].price).toBe(processor.state.find(ids.basic));
      expect(processor.state.outage).toBe(false);

      // An idempotency key used before the restart still replays; a new customer is a new one.
      const again = await stripe.customers.create(
        { email: 'once@example.com' },
        { idempotencyKey: 'k-restart' },
      );
      expect(again.id).toBe(replayed);
      const other = await stripe.customers.create({ email: 'new@example.com' });
      expect([ids.customer, replayed]).not.toContain(other.id);
      expect((await stripe.customers.retrieve(ids.customer)) as Stripe.Customer).toMatchObject({
        email: 'pat@example.com',
      });

      // The clock still renews, the invoice numbers go on.
      await advance(stripe, ids.clock, utc(2027, 3, 1));
      const invoices = await stripe.invoices.list({ customer: ids.customer });
      expect(invoices.data.map((i) => [i.billing_reason, i.status, i.period_end])).toEqual([
        ['subscription_cycle', 'paid', utc(2027, 2, 28)],
        ['subscription_create', 'paid', start],
      ]);
      expect(invoices.data[0]!.number).not.toBe(invoiceNumber);
      expect(Number(invoices.data[0]!.number!.slice(-4))).toBeGreaterThan(Number(invoiceNumber!.slice(-4)));
      expect((await stripe.subscriptions.retrieve(ids.sub)).items.data[0]).toMatchObject({
        current_period_start: utc(2027, 2, 28),
        current_period_end: utc(2027, 3, 31),
      });
      await waitFor('the renewal paid event', () =>
        second.receiver.of(ids.customer, 'invoice.paid').some((e) => e.created === utc(2027, 2, 28)),
      );
      expect(second.receiver.rejected).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('delivers after a restart the events that were still waiting', async () => {
    const stateFile = path.join(dir, 'waiting.json');
    // A long retry delay: the failed delivery is still waiting when the processor stops.
    const first = await setup({ stateFile, webhookRetryMs: 60_000 });
    let customerId: string;
    try {
      first.receiver.failNext(1);
      customerId = (await first.stripe.customers.create({ email: 'late@example.com' })).id;
      await waitFor('a failed delivery', async () => {
        const events = await localEvents(first.processor);
        return events.some((e) => e.local_delivery?.last_status === 500);
      });
    } finally {
      await first.close();
    }
    expect(first.receiver.of(customerId, 'customer.created')).toEqual([]);

    const second = await setup({ stateFile });
    try {
      const [event] = await second.receiver.waitForEvents(customerId, 'customer.created');
      expect(event!.data.object).toMatchObject({ id: customerId, email: 'late@example.com' });
    } finally {
      await second.close();
    }
  });

  it('starts empty, saying so in one line, when the file is not a state file', async () => {
    const stateFile = path.join(dir, 'corrupt.json');
    fs.writeFileSync(stateFile, '{"format":"local-stripe-state","version":1,"objects":[{"id":');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let logged: unknown[][];
    const env = await setup({ stateFile }).finally(() => {
      logged = [...errors.mock.calls];
      errors.mockRestore();
    });
    try {
      expect(logged!).toHaveLength(1);
      expect(String(logged![0]![0])).toMatch(/cannot read the state file .*corrupt\.json/);
      expect(await priceId(env.stripe, 'storage_basic_monthly')).toMatch(/^price_/);
      expect(env.processor.state.all('customer')).toEqual([]);
      const customer = await env.stripe.customers.create({ email: 'fresh@example.com' });
      await waitFor('the new state written', () => fs.readFileSync(stateFile, 'utf8').includes(customer.id));
    } finally {
      await env.close();
    }
    expect(JSON.parse(fs.readFileSync(stateFile, 'utf8'))).toMatchObject({ format: 'local-stripe-state' });
  });
});
