// Cards, payment methods and payment intents. A card's test number decides what every charge on it
// does, as in Stripe test mode: succeed, decline, stay `processing` until settled (like a bank debit that
// takes days), or attach fine and then fail every charge. Charges happen synchronously; a processing
// payment settles by the clock (2 days later) or by POST /_local/payment_intents/:id/settle.
'use strict';
const { DECLINE_MESSAGE, cardDeclined, invalid } = require('./errors.cjs');
const { oneOf, onlyParams, str } = require('./form.cjs');
const { DAY, newId, publicCopy } = require('./store.cjs');

/** @typedef {import('./store.cjs').Ctx} Ctx */
/** @typedef {import('./store.cjs').StripeObject} StripeObject */
/** @typedef {'succeeds' | 'declined' | 'processing' | 'charge_fails'} CardOutcome */

/** The test cards the hosted pages list (each with a "Use" button). */
const TEST_CARDS = Object.freeze([
  { number: '4242424242424242', outcome: 'succeeds', description: 'Succeeds' },
  { number: '4000000000000002', outcome: 'declined', description: 'Declined (generic decline)' },
  {
    number: '4000000000001000',
    outcome: 'processing',
    description: 'Processing: settles later, like a bank debit',
  },
  { number: '4000000000000341', outcome: 'charge_fails', description: 'Attaches, then every charge fails' },
]);

/** Stripe test mode's magic payment method ids: each use makes a new `pm_...` of that card. */
const MAGIC_PAYMENT_METHODS = Object.freeze({
  pm_card_visa: '4242424242424242',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_visa_chargeDeclined: '4000000000000002',
});

/** How long a processing payment takes to settle by itself. */
const SETTLE_AFTER = 2 * DAY;

/** @param {string} digits */
const luhnValid = (digits) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
};

/**
 * What a card number does; other valid numbers (Luhn) succeed, like Stripe's other test cards.
 * @param {string} input as typed (spaces allowed) @returns {{ number: string, outcome: CardOutcome } | null}
 */
const cardFor = (input) => {
  const number = input.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhnValid(number)) return null;
  const known = TEST_CARDS.find((c) => c.number === number);
  return { number, outcome: /** @type {CardOutcome} */ (known?.outcome ?? 'succeeds') };
};

const brandOf = (/** @type {string} */ number) =>
  /^4/.test(number)
    ? 'visa'
    : /^5[1-5]|^2[2-7]/.test(number)
      ? 'mastercard'
      : /^3[47]/.test(number)
        ? 'amex'
        : 'unknown';

/**
 * A card payment method (the number itself is not kept, only what Stripe shows: brand, last4).
 * @param {Ctx} ctx @param {{ number: string, outcome: CardOutcome }} card @param {number} now
 */
const createCardMethod = (ctx, card, now) =>
  ctx.store.add({
    id: newId('pm_'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email: null, name: null, phone: null },
    card: {
      brand: brandOf(card.number),
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      exp_month: 12,
      exp_year: new Date(now * 1000).getUTCFullYear() + 3,
      funding: 'credit',
      last4: card.number.slice(-4),
    },
    created: now,
    customer: null,
    livemode: false,
    metadata: {},
    type: 'card',
    _outcome: card.outcome,
  });

/**
 * Attaches a payment method (or a new one for a magic id) to a customer. `verify`: as Stripe's attach,
 * a card that declines (…0002) is refused with a 402; a …0341 card attaches and fails later.
 * @param {Ctx} ctx @param {string} id @param {StripeObject} customer @param {string} param
 */
const attachMethod = (ctx, id, customer, param, verify = true) => {
  const now = ctx.store.now(customer.id);
  const magic = /** @type {Record<string, string>} */ (MAGIC_PAYMENT_METHODS)[id];
  const pm = magic
    ? createCardMethod(ctx, /** @type {{ number: string, outcome: CardOutcome }} */ (cardFor(magic)), now)
    : ctx.store.get(id, 'payment_method', param);
  if (pm.customer && pm.customer !== customer.id)
    throw invalid(`The payment method ${pm.id} is attached to another customer.`, param);
  if (verify && pm._outcome === 'declined') throw cardDeclined({ param });
  pm.customer = customer.id;
  return pm;
};

/**
 * A payment method of this customer for `default_payment_method` (magic ids attach a new one).
 * @param {Ctx} ctx @param {unknown} value @param {StripeObject} customer @param {string} param
 */
const customerMethod = (ctx, value, customer, param) => {
  const id = str(value, param);
  if (id === undefined || id === '') return id === '' ? null : undefined;
  if (id in MAGIC_PAYMENT_METHODS) return attachMethod(ctx, id, customer, param, false).id;
  const pm = ctx.store.get(id, 'payment_method', param);
  if (pm.customer !== customer.id)
    throw invalid(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      param,
    );
  return pm.id;
};

/**
 * @param {Ctx} ctx
 * @param {{ amount: number, currency?: string, customer: string | null, metadata?: Record<string, string>,
 *   description?: string | null, invoice?: string, session?: string }} spec the invoice or checkout session
 *   it pays is noted (`_invoice`, `_session`) for when a processing payment settles
 */
const createIntent = (
  ctx,
  { amount, currency = 'usd', customer, metadata = {}, description = null, invoice, session },
) => {
  const id = newId('pi_');
  return ctx.store.add({
    id,
    object: 'payment_intent',
    amount,
    amount_capturable: 0,
    amount_received: 0,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${newId('', 24)}`,
    confirmation_method: 'automatic',
    created: ctx.store.now(customer),
    currency,
    customer,
    description,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata,
    next_action: null,
    payment_method: null,
    payment_method_types: ['card'],
    receipt_email: null,
    setup_future_usage: null,
    status: 'requires_payment_method',
    _invoice: invoice,
    _session: session,
  });
};

/** @param {Ctx} ctx @param {StripeObject} intent @param {StripeObject} pm @param {'succeeded' | 'pending' | 'failed'} status */
const recordCharge = (ctx, intent, pm, status) => {
  const failed = status === 'failed';
  const charge = ctx.store.add({
    id: newId('ch_'),
    object: 'charge',
    amount: intent.amount,
    amount_captured: status === 'succeeded' ? intent.amount : 0,
    amount_refunded: 0,
    captured: status === 'succeeded',
    created: ctx.store.now(intent.customer),
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    failure_code: failed ? 'card_declined' : null,
    failure_message: failed ? DECLINE_MESSAGE : null,
    livemode: false,
    metadata: intent.metadata,
    outcome: {
      type: failed ? 'issuer_declined' : 'authorized',
      seller_message: failed ? 'The bank declined the payment.' : 'Payment complete.',
    },
    paid: status === 'succeeded',
    payment_intent: intent.id,
    payment_method: pm.id,
    payment_method_details: {
      type: 'card',
      card: {
        brand: pm.card.brand,
        last4: pm.card.last4,
        exp_month: pm.card.exp_month,
        exp_year: pm.card.exp_year,
      },
    },
    refunded: false,
    status,
  });
  intent.latest_charge = charge.id;
  return charge;
};

/** @param {Ctx} ctx @param {StripeObject} intent @param {StripeObject} pm @param {StripeObject} charge */
const decline = (ctx, intent, pm, charge) => {
  intent.status = 'requires_payment_method';
  intent.last_payment_error = {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: DECLINE_MESSAGE,
    charge: charge.id,
    doc_url: 'https://stripe.com/docs/error-codes/card-declined',
    payment_method: publicCopy(pm),
  };
  ctx.webhooks.emit('payment_intent.payment_failed', intent);
};

/**
 * Confirms a payment intent with a payment method: the card's outcome decides, at once (or `processing`).
 * @param {Ctx} ctx @param {StripeObject} intent @param {StripeObject} pm
 * @returns {'succeeded' | 'processing' | 'failed'}
 */
const confirmIntent = (ctx, intent, pm) => {
  intent.payment_method = pm.id;
  intent.last_payment_error = null;
  const outcome = /** @type {CardOutcome} */ (pm._outcome);
  if (outcome === 'declined' || outcome === 'charge_fails') {
    decline(ctx, intent, pm, recordCharge(ctx, intent, pm, 'failed'));
    return 'failed';
  }
  if (outcome === 'processing') {
    recordCharge(ctx, intent, pm, 'pending');
    intent.status = 'processing';
    intent._settle_at = ctx.store.now(intent.customer) + SETTLE_AFTER;
    ctx.webhooks.emit('payment_intent.processing', intent);
    return 'processing';
  }
  recordCharge(ctx, intent, pm, 'succeeded');
  intent.status = 'succeeded';
  intent.amount_received = intent.amount;
  ctx.webhooks.emit('payment_intent.succeeded', intent);
  return 'succeeded';
};

/**
 * Settles a processing payment, then tells what hangs on it (invoice, checkout session).
 * @param {Ctx} ctx @param {StripeObject} intent @param {import('./store.cjs').Settlement} outcome
 */
const settleIntent = (ctx, intent, outcome) => {
  if (intent.status !== 'processing')
    throw invalid(`PaymentIntent ${intent.id} is not processing (status: ${intent.status}).`, 'id');
  delete intent._settle_at;
  const pm = ctx.store.get(intent.payment_method, 'payment_method');
  const charge = ctx.store.find(intent.latest_charge, 'charge');
  if (outcome === 'succeeded') {
    if (charge)
      Object.assign(charge, {
        status: 'succeeded',
        paid: true,
        captured: true,
        amount_captured: intent.amount,
      });
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    ctx.webhooks.emit('payment_intent.succeeded', intent);
  } else {
    if (charge)
      Object.assign(charge, {
        status: 'failed',
        failure_code: 'card_declined',
        failure_message: DECLINE_MESSAGE,
      });
    decline(ctx, intent, pm, charge ?? recordCharge(ctx, intent, pm, 'failed'));
  }
  for (const handler of ctx.settleHandlers) handler(ctx, intent, outcome);
};

/** @type {import('./store.cjs').Route[]} */
const routes = [
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/attach',
    handle: (ctx, { params, path }) => {
      onlyParams(params, ['customer']);
      const customer = ctx.store.get(str(params.customer, 'customer', true), 'customer', 'customer');
      return attachMethod(ctx, path.id, customer, 'id');
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_methods/:id',
    handle: (ctx, { path }) => ctx.store.get(path.id, 'payment_method'),
  },
  {
    method: 'GET',
    path: '/v1/payment_intents/:id',
    handle: (ctx, { path }) => ctx.store.get(path.id, 'payment_intent'),
  },
  { method: 'GET', path: '/v1/charges/:id', handle: (ctx, { path }) => ctx.store.get(path.id, 'charge') },
  {
    method: 'POST',
    path: '/_local/payment_intents/:id/settle',
    handle: (ctx, { params, path }) => {
      onlyParams(params, ['outcome']);
      const outcome = oneOf(params.outcome, /** @type {const} */ (['succeeded', 'failed']), 'outcome', true);
      const intent = ctx.store.get(path.id, 'payment_intent');
      settleIntent(ctx, intent, /** @type {import('./store.cjs').Settlement} */ (outcome));
      return intent;
    },
  },
];

module.exports = {
  MAGIC_PAYMENT_METHODS,
  TEST_CARDS,
  attachMethod,
  cardFor,
  confirmIntent,
  createCardMethod,
  createIntent,
  customerMethod,
  routes,
  settleIntent,
};
