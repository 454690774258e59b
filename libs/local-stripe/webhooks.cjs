// Events and their delivery, as Stripe does it: each event is POSTed as JSON to the webhook URL with a
// `Stripe-Signature: t=<unix seconds>,v1=<HMAC-SHA256 of "<t>.<body>">` header, so that the SDK's
// `webhooks.constructEvent` verifies it. Delivered one at a time in the order they happened; a failure
// (non-2xx, connection error) is tried again after webhookRetryMs, doubling, five tries in all.
'use strict';
const http = require('node:http');
const https = require('node:https');
const { createHmac } = require('node:crypto');
const { newId, previousAttributes, publicCopy, realNow } = require('./store.cjs');

const API_VERSION = '2026-10-28.endive';
const MAX_TRIES = 5;
const DELIVERY_TIMEOUT_MS = 10_000;

/** @typedef {import('./store.cjs').StripeObject} StripeObject */

/** Stripe's signature header; `t` is real time, as constructEvent checks it against its clock. */
const signatureHeader = (/** @type {string} */ body, /** @type {string} */ secret, t = realNow()) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex')}`;

/**
 * POSTs a body with node:http (a fresh connection each time, closed after: nothing lingers after close()).
 * @param {string} url @param {string} body @param {Record<string, string>} headers @param {AbortSignal} signal
 * @returns {Promise<number>} the status
 */
const post = (url, body, headers, signal) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      target,
      {
        method: 'POST',
        agent: false,
        signal,
        timeout: DELIVERY_TIMEOUT_MS,
        headers: { ...headers, 'content-length': Buffer.byteLength(body), connection: 'close' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('webhook delivery timed out')));
    req.on('error', reject);
    req.end(body);
  });

/**
 * @param {{ store: import('./store.cjs').Store, secret: string, url?: string, retryMs: number,
 *   requestKey: () => string | null, onChange?: () => void }} options `onChange`: a delivery's state
 *   (`_delivery`, what waits) changed
 */
const createWebhooks = ({ store, secret, url, retryMs, requestKey, onChange = () => undefined }) => {
  let webhookUrl = url;
  /** @type {{ event: StripeObject, object: StripeObject, before?: StripeObject, late: boolean }[]} */
  let pending = [];
  /** @type {StripeObject[]} */
  const queue = [];
  /** @type {Promise<void> | null} the delivery loop, while it runs */
  let delivering = null;
  const stop = new AbortController();

  /**
   * Records an event about `object` (its state now, or at the end of the operation when `late`: the
   * subscription created by a call that also pays its first invoice is `active` in its event, as on
   * Stripe). `before`: the object before the change, for previous_attributes.
   * @param {string} type @param {StripeObject} object
   * @param {{ before?: StripeObject, late?: boolean }} [options]
   */
  const emit = (type, object, { before, late = false } = {}) => {
    const customer = object.object === 'customer' ? object.id : object.customer;
    const event = {
      id: newId('evt_'),
      object: 'event',
      api_version: API_VERSION,
      created: store.now(customer),
      data: { object: late ? null : publicCopy(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: requestKey() },
      type,
    };
    pending.push({ event, object, before: before && publicCopy(before), late });
  };

  /** Ends an operation: its events are complete and go out, in order. */
  const flush = () => {
    const batch = pending;
    pending = [];
    for (const { event, object, before, late } of batch) {
      if (late) event.data.object = publicCopy(object);
      if (before) {
        const previous = previousAttributes(before, event.data.object);
        // An update that changed nothing is no event.
        if (type(event).endsWith('.updated') && Object.keys(previous).length === 0) continue;
        event.data.previous_attributes = previous;
      }
      store.add(event);
      queue.push(event);
    }
    kick();
  };
  const type = (/** @type {StripeObject} */ event) => /** @type {string} */ (event.type);

  const wait = (/** @type {number} */ ms) =>
    new Promise((resolve) => {
      if (stop.signal.aborted) return resolve(undefined);
      const timer = setTimeout(resolve, ms);
      stop.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve(undefined);
        },
        { once: true },
      );
    });

  /** @param {StripeObject} event @returns {Promise<void>} */
  const deliver = async (event) => {
    const body = JSON.stringify(event, null, 2);
    event._delivery = { attempts: 0, delivered: false, last_status: null, last_error: null };
    for (let attempt = 0; attempt < MAX_TRIES && !stop.signal.aborted; attempt += 1) {
      if (!webhookUrl) return; // nowhere to send: recorded only (GET /_local/events)
      event._delivery.attempts += 1;
      try {
        const status = await post(
          webhookUrl,
          body,
          {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signatureHeader(body, secret),
          },
          stop.signal,
        );
        event._delivery.last_status = status;
        if (status >= 200 && status < 300) {
          event._delivery.delivered = true;
          onChange();
          return;
        }
      } catch (err) {
        event._delivery.last_error = err instanceof Error ? err.message : String(err);
      }
      onChange();
      if (attempt < MAX_TRIES - 1) await wait(retryMs * 2 ** attempt);
    }
  };

  const deliverAll = async () => {
    while (queue.length && !stop.signal.aborted) {
      const event = /** @type {StripeObject} */ (queue[0]);
      await deliver(event);
      // One cut short by close() still waits (a state file keeps it for the next start).
      if (!stop.signal.aborted || event._delivery?.delivered) queue.shift();
      onChange();
    }
  };
  /** Starts the delivery loop unless it runs; events queued as it ends start it again. */
  const kick = () => {
    if (delivering || !queue.length || stop.signal.aborted) return;
    delivering = deliverAll().finally(() => {
      delivering = null;
      kick();
    });
  };

  /** Delivers an event again (signed anew), after those already waiting. @param {StripeObject} event */
  const resend = (event) => {
    queue.push(event);
    kick();
  };

  return {
    emit,
    flush,
    resend,
    /** The events that wait for delivery (or are being delivered), in order: their ids. */
    waiting: () => queue.map((e) => /** @type {string} */ (e.id)),
    /**
     * Delivers events again that waited when the state was saved (after a restart), from their first try.
     * @param {StripeObject[]} events
     */
    requeue: (events) => {
      queue.push(...events);
      if (webhookUrl) kick();
    },
    setUrl: (/** @type {string | undefined} */ next) => {
      webhookUrl = next;
      kick();
    },
    /** Stops delivering: what is in flight is aborted, what waits is dropped. */
    close: async () => {
      stop.abort();
      await delivering;
    },
  };
};

/** @typedef {ReturnType<typeof createWebhooks>} Webhooks */

module.exports = { API_VERSION, createWebhooks, signatureHeader };
