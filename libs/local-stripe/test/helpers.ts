import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startLocalStripe } from '../index.cjs';

// What the processor's tests share: the processor with the official SDK as its client, a webhook
// endpoint that verifies every event with the SDK (as the portal's does), and waiting for a state with
// a deadline instead of sleeping.

export type Processor = Awaited<ReturnType<typeof startLocalStripe>>;
export const DAY = 86_400;

/** Polls until `probe` answers something truthy; fails after the deadline, naming what it waited for. */
export const waitFor = async <T>(
  what: string,
  probe: () => T | Promise<T>,
  timeoutMs = 10_000,
): Promise<NonNullable<T>> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

type Delivery = { raw: string; signature: string };

/** A webhook endpoint: answers 500 to the next `failNext` deliveries, then verifies and keeps each event. */
export const startReceiver = async (stripe: Stripe, secret: string) => {
  const events: Stripe.Event[] = [];
  const deliveries: Delivery[] = [];
  const rejected: string[] = [];
  let failures = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (failures > 0) {
        failures -= 1;
        res.writeHead(500).end();
        return;
      }
      const signature = String(req.headers['stripe-signature']);
      try {
        events.push(stripe.webhooks.constructEvent(raw, signature, secret));
        deliveries.push({ raw, signature });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      } catch (err) {
        rejected.push(String(err));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  /** The events about one customer (its own, and those of its objects), in the order received. */
  const of = (customerId: string, type?: string) =>
    events.filter((e) => {
      const o = e.data.object as { id?: string; customer?: unknown };
      return (o.id === customerId || o.customer === customerId) && (!type || e.type === type);
    });
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    events,
    deliveries,
    rejected,
    of,
    failNext: (n: number) => {
      failures = n;
    },
    /**
     * Waits until an event of `type` about the customer that `matches` has arrived: webhooks are sent
     * one by one, so an event sent before another the test waited for may still be on its way.
     */
    waitForEvent: (customerId: string, type: string, matches: (event: Stripe.Event) => boolean) =>
      waitFor(`${type} for ${customerId}`, () => of(customerId, type).find(matches)),
    /** Waits until `count` events of `type` about the customer have arrived. */
    waitForEvents: (customerId: string, type: string, count = 1) =>
      waitFor(`${count} × ${type} for ${customerId}`, () => {
        const found = of(customerId, type);
        return found.length >= count ? found : undefined;
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

/** The processor, an SDK client of it and a verifying webhook endpoint. */
export const setup = async (options: Parameters<typeof startLocalStripe>[0] = {}) => {
  const processor = await startLocalStripe({ webhookRetryMs: 20, ...options });
  const stripe = new Stripe(processor.secretKey, {
    host: processor.host,
    port: processor.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  const receiver = await startReceiver(stripe, processor.webhookSecret);
  processor.setWebhookUrl(receiver.url);
  return {
    processor,
    stripe,
    receiver,
    close: async () => {
      await processor.close();
      await receiver.close();
    },
  };
};

/** A call to the local helpers (/_local/...), with the bearer key. */
export const local = async (
  processor: Processor,
  method: string,
  path: string,
  form?: Record<string, string>,
) => {
  const res = await fetch(`${processor.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${processor.secretKey}` },
    body: form ? new URLSearchParams(form) : undefined,
  });
  return { status: res.status, body: (await res.json()) as unknown };
};

/** An event as `GET /_local/events` lists it: with where its delivery stands. */
export type LocalEvent = Stripe.Event & {
  local_delivery: {
    attempts: number;
    delivered: boolean;
    last_status: number | null;
    last_error: string | null;
  } | null;
};

/** The events the processor sent, newest first (`GET /_local/events`). */
export const localEvents = async (processor: Processor): Promise<LocalEvent[]> =>
  ((await local(processor, 'GET', '/_local/events')).body as { data: LocalEvent[] }).data;

/** A hosted page's form submitted with a card, as the browser would (no redirect followed). */
export const submitCard = async (url: string, cardNumber: string) => {
  const res = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ cardNumber, expiry: '12 / 34', cvc: '123' }),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
};

export const priceId = async (stripe: Stripe, lookupKey: string) => {
  const prices = await stripe.prices.list({ lookup_keys: [lookupKey], active: true });
  return prices.data[0]!.id;
};

/** A customer on its own test clock (frozen at `start`), with `pm` as default card. */
export const clockCustomer = async (stripe: Stripe, start: number, pm = 'pm_card_visa') => {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start });
  const customer = await stripe.customers.create({ email: 'pat@example.com', test_clock: clock.id });
  const card = await stripe.paymentMethods.attach(pm, { customer: customer.id });
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: card.id } });
  return { clock, customer, card };
};

/** Moves a test clock and checks it is `ready` (polling, as one must with Stripe's). */
export const advance = async (stripe: Stripe, clockId: string, to: number) => {
  await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: to });
  return waitFor('the clock to be ready', async () => {
    const clock = await stripe.testHelpers.testClocks.retrieve(clockId);
    return clock.status === 'ready' && clock.frozen_time === to && clock;
  });
};

/** Unix seconds of a UTC date. */
export const utc = (year: number, month: number, day: number, hour = 12) =>
  Date.UTC(year, month - 1, day, hour) / 1000;
