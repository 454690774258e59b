// Invoices of subscriptions and what their payment does to the subscription: paid → active; failed →
// past_due and Stripe's retry schedule (fixed here: +3, +5 and +7 days after the invoice, 4 attempts in
// all), after which the invoice is uncollectible and the subscription canceled. Customer credit (a
// negative balance) is used by the next invoice; a negative invoice adds to it.
'use strict';
const { cardDeclined, invalid } = require('./errors.cjs');
const { oneOf, onlyParams, str } = require('./form.cjs');
const { confirmIntent, createIntent } = require('./payments.cjs');
const { DAY, listPage, newId, publicCopy } = require('./store.cjs');

/** @typedef {import('./store.cjs').Ctx} Ctx */
/** @typedef {import('./store.cjs').StripeObject} StripeObject */

/** Days after an invoice's creation of the automatic retries; with the first attempt, 4 in all. */
const RETRY_DAYS = [3, 5, 7];
const MAX_AUTOMATIC_ATTEMPTS = RETRY_DAYS.length + 1;

/**
 * An invoice line of a subscription item.
 * @typedef {object} LineSpec
 * @property {StripeObject} price
 * @property {number} quantity
 * @property {number} amount
 * @property {string} description
 * @property {{ start: number, end: number }} period
 * @property {string} subscription
 * @property {string} item the subscription item
 * @property {boolean} proration
 */

/** @param {LineSpec} spec @param {string | null} invoiceId */
const lineItem = (spec, invoiceId) => ({
  id: newId('il_'),
  object: 'line_item',
  amount: spec.amount,
  currency: spec.price.currency,
  description: spec.description,
  discount_amounts: [],
  discountable: !spec.proration,
  discounts: [],
  invoice: invoiceId,
  livemode: false,
  metadata: {},
  parent: {
    type: 'subscription_item_details',
    invoice_item_details: null,
    subscription_item_details: {
      invoice_item: null,
      proration: spec.proration,
      proration_details: { credited_items: null },
      subscription: spec.subscription,
      subscription_item: spec.item,
    },
  },
  period: spec.period,
  pretax_credit_amounts: [],
  pricing: {
    type: 'price_details',
    price_details: { price: spec.price.id, product: spec.price.product },
    unit_amount_decimal: String(spec.price.unit_amount),
  },
  quantity: spec.quantity,
  subtotal: spec.amount,
  taxes: [],
});

/**
 * Builds an invoice; `preview` (create_preview) is neither saved nor finalized and has no id.
 * @param {Ctx} ctx
 * @param {{ sub: StripeObject, reason: string, lines: LineSpec[], periodStart: number, periodEnd: number,
 *   preview?: boolean }} spec
 */
const buildInvoice = (ctx, { sub, reason, lines, periodStart, periodEnd, preview = false }) => {
  const customer = ctx.store.get(sub.customer, 'customer');
  const id = preview ? null : newId('in_');
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  const net = total + customer.balance;
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Local payment processor',
    amount_due: Math.max(0, net),
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: Math.max(0, net),
    amount_shipping: 0,
    attempt_count: 0,
    attempted: false,
    auto_advance: !preview,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created: ctx.store.now(customer.id),
    currency: 'usd',
    customer: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    default_payment_method: null,
    description: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    last_finalization_error: null,
    lines: {
      object: 'list',
      data: lines.map((l) => lineItem(l, id)),
      has_more: false,
      total_count: lines.length,
      url: `/v1/invoices/${id ?? 'upcoming'}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id },
    },
    period_end: periodEnd,
    period_start: periodStart,
    starting_balance: customer.balance,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: customer.test_clock,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_taxes: [],
    webhooks_delivered_at: null,
    _auto_attempts: 0,
  };
};

/**
 * Changes a subscription and sends customer.subscription.updated, unless the operation that changes it
 * (create, update) sends one event for all its changes itself (`_quiet`).
 * @param {Ctx} ctx @param {StripeObject} sub @param {(sub: StripeObject) => void} change
 */
const changeSubscription = (ctx, sub, change) => {
  const before = publicCopy(sub);
  change(sub);
  if (!sub._quiet) ctx.webhooks.emit('customer.subscription.updated', sub, { before });
};

/** @param {Ctx} ctx @param {StripeObject} sub @param {{ at: number, canceledAt?: number, reason: string }} how */
const cancelSubscription = (ctx, sub, { at, canceledAt = at, reason }) => {
  sub.status = 'canceled';
  sub.canceled_at = canceledAt;
  sub.ended_at = at;
  sub.cancellation_details = { comment: null, feedback: null, reason };
  sub._pending_lines = [];
  // Nothing retries the invoices of an ended subscription.
  for (const invoice of ctx.store.all('invoice'))
    if (invoiceSubscription(invoice) === sub.id) invoice.next_payment_attempt = null;
  ctx.webhooks.emit('customer.subscription.deleted', sub);
};

/** @param {StripeObject} invoice @returns {string | undefined} */
const invoiceSubscription = (invoice) => invoice.parent?.subscription_details?.subscription;

/** @param {Ctx} ctx @param {StripeObject} invoice */
const markPaid = (ctx, invoice) => {
  const now = ctx.store.now(invoice.customer);
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.next_payment_attempt = null;
  invoice.status_transitions.paid_at = now;
  ctx.webhooks.emit('invoice.paid', invoice);
  const sub = ctx.store.find(invoiceSubscription(invoice), 'subscription');
  const stillOpen = ctx.store
    .all('invoice')
    .some((i) => i !== invoice && i.status === 'open' && invoiceSubscription(i) === sub?.id);
  if (sub && (sub.status === 'incomplete' || sub.status === 'past_due') && !stillOpen)
    changeSubscription(ctx, sub, (s) => {
      s.status = 'active';
    });
};

/**
 * A failed payment: the next automatic attempt is scheduled from how many were made; after the last the
 * invoice is uncollectible and the subscription canceled. A first invoice is not retried (the
 * subscription stays incomplete, as on Stripe).
 * @param {Ctx} ctx @param {StripeObject} invoice @param {boolean} automatic
 */
const paymentFailed = (ctx, invoice, automatic) => {
  const sub = ctx.store.find(invoiceSubscription(invoice), 'subscription');
  const attempts = invoice._auto_attempts;
  const retries = invoice.billing_reason !== 'subscription_create' && sub?.status !== 'canceled';
  const final = retries && automatic && attempts >= MAX_AUTOMATIC_ATTEMPTS;
  invoice.next_payment_attempt =
    retries && invoice.status === 'open' && attempts < MAX_AUTOMATIC_ATTEMPTS
      ? invoice.created + /** @type {number} */ (RETRY_DAYS[Math.max(0, attempts - 1)]) * DAY
      : null;
  ctx.webhooks.emit('invoice.payment_failed', invoice);
  if (!sub || !retries) return;
  if (sub.status === 'active')
    changeSubscription(ctx, sub, (s) => {
      s.status = 'past_due';
    });
  if (!final) return;
  invoice.status = 'uncollectible';
  invoice.status_transitions.marked_uncollectible_at = ctx.store.now(invoice.customer);
  ctx.webhooks.emit('invoice.marked_uncollectible', invoice);
  cancelSubscription(ctx, sub, { at: ctx.store.now(sub.customer), reason: 'payment_failed' });
};

/** The payment method an invoice is charged with. @param {Ctx} ctx @param {StripeObject} invoice */
const paymentMethodFor = (ctx, invoice) => {
  const sub = ctx.store.find(invoiceSubscription(invoice), 'subscription');
  const customer = ctx.store.get(invoice.customer, 'customer');
  const id = sub?.default_payment_method ?? customer.invoice_settings.default_payment_method;
  return id ? ctx.store.find(id, 'payment_method') : undefined;
};

/** @param {Ctx} ctx @param {StripeObject} invoice */
const paymentProcessing = (ctx, invoice) =>
  ctx.store.find(invoice._payment_intent, 'payment_intent')?.status === 'processing';

/**
 * Charges what the invoice still asks, with the given card or the default one.
 * @param {Ctx} ctx @param {StripeObject} invoice
 * @param {{ automatic: boolean, pm?: StripeObject }} how `automatic`: a scheduled attempt, which counts
 *   towards the retry schedule (a payment asked for, or a fixed card, does not)
 * @returns {'succeeded' | 'processing' | 'failed'}
 */
const attemptPayment = (ctx, invoice, { automatic, pm = paymentMethodFor(ctx, invoice) }) => {
  invoice.attempt_count += 1;
  invoice.attempted = true;
  if (automatic) invoice._auto_attempts += 1;
  invoice._last_attempt_automatic = automatic;
  if (!pm) {
    paymentFailed(ctx, invoice, automatic);
    return 'failed';
  }
  let intent = ctx.store.find(invoice._payment_intent, 'payment_intent');
  if (!intent) {
    intent = createIntent(ctx, {
      amount: invoice.amount_remaining,
      customer: invoice.customer,
      description:
        invoice.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
      invoice: invoice.id,
    });
    invoice._payment_intent = intent.id;
  }
  intent.amount = invoice.amount_remaining;
  const result = confirmIntent(ctx, intent, pm);
  if (result === 'succeeded') markPaid(ctx, invoice);
  else if (result === 'processing') invoice.next_payment_attempt = null;
  else paymentFailed(ctx, invoice, automatic);
  return result;
};

/**
 * Finalizes (number, open, the customer's balance used) and, unless nothing is due, charges.
 * @param {Ctx} ctx @param {StripeObject} invoice a draft from buildInvoice
 */
const finalizeAndPay = (ctx, invoice) => {
  const customer = ctx.store.get(invoice.customer, 'customer');
  const now = ctx.store.now(customer.id);
  ctx.store.add(invoice);
  ctx.webhooks.emit('invoice.created', invoice);
  // Credit (negative balance) pays part or all; what an invoice owes less than nothing becomes credit.
  const net = invoice.total + customer.balance;
  invoice.starting_balance = customer.balance;
  invoice.ending_balance = Math.min(0, net);
  customer.balance = Math.min(0, net);
  invoice.amount_due = Math.max(0, net);
  invoice.amount_remaining = invoice.amount_due;
  invoice.number = ctx.store.nextInvoiceNumber();
  invoice.status = 'open';
  invoice.effective_at = now;
  invoice.status_transitions.finalized_at = now;
  invoice.hosted_invoice_url = `${ctx.settings.publicUrl}/i/${invoice.id}`;
  invoice.invoice_pdf = `${ctx.settings.publicUrl}/i/${invoice.id}/pdf`;
  ctx.webhooks.emit('invoice.finalized', invoice);
  if (invoice.amount_due === 0) markPaid(ctx, invoice);
  else attemptPayment(ctx, invoice, { automatic: true });
  return invoice;
};

/** A processing payment of an invoice settled. @type {Ctx['settleHandlers'][number]} */
const onSettled = (ctx, intent, outcome) => {
  const invoice = ctx.store.find(intent._invoice, 'invoice');
  if (!invoice || invoice.status === 'paid' || invoice.status === 'void') return;
  if (outcome === 'succeeded') markPaid(ctx, invoice);
  else paymentFailed(ctx, invoice, Boolean(invoice._last_attempt_automatic));
};

/** @type {import('./store.cjs').Route[]} */
const routes = [
  {
    method: 'GET',
    path: '/v1/invoices',
    handle: (ctx, { params }) => {
      onlyParams(params, ['customer', 'subscription', 'status', 'limit', 'starting_after', 'ending_before']);
      const customer = str(params.customer, 'customer');
      const subscription = str(params.subscription, 'subscription');
      const status = oneOf(params.status, ['draft', 'open', 'paid', 'uncollectible', 'void'], 'status');
      const found = ctx.store
        .all('invoice')
        .filter(
          (i) =>
            (!customer || i.customer === customer) &&
            (!subscription || invoiceSubscription(i) === subscription) &&
            (!status || i.status === status),
        )
        .reverse();
      return listPage(found, params, '/v1/invoices');
    },
  },
  { method: 'GET', path: '/v1/invoices/:id', handle: (ctx, { path }) => ctx.store.get(path.id, 'invoice') },
  {
    method: 'POST',
    path: '/v1/invoices/:id/pay',
    handle: (ctx, { params, path }) => {
      onlyParams(params, ['payment_method', 'off_session', 'paid_out_of_band']);
      const invoice = ctx.store.get(path.id, 'invoice');
      if (invoice.status !== 'open' && invoice.status !== 'uncollectible')
        throw invalid(`Invoice is already ${invoice.status}.`, undefined, 'invoice_not_editable');
      if (paymentProcessing(ctx, invoice))
        throw invalid(
          'This invoice has a payment processing.',
          undefined,
          'invoice_payment_intent_requires_action',
        );
      if (str(params.paid_out_of_band, 'paid_out_of_band') === 'true') {
        markPaid(ctx, invoice);
        return invoice;
      }
      const pmId = str(params.payment_method, 'payment_method');
      const pm = pmId
        ? ctx.store.get(pmId, 'payment_method', 'payment_method')
        : paymentMethodFor(ctx, invoice);
      if (!pm)
        throw invalid(
          'There is no payment method to pay this invoice with: give one or set a default.',
          'payment_method',
        );
      const result = attemptPayment(ctx, invoice, { automatic: false, pm });
      if (result === 'failed') {
        const error = ctx.store.get(invoice._payment_intent, 'payment_intent').last_payment_error;
        throw cardDeclined({ charge: error.charge, payment_intent: invoice._payment_intent });
      }
      return invoice;
    },
  },
];

module.exports = {
  MAX_AUTOMATIC_ATTEMPTS,
  attemptPayment,
  buildInvoice,
  cancelSubscription,
  changeSubscription,
  finalizeAndPay,
  invoiceSubscription,
  lineItem,
  onSettled,
  paymentProcessing,
  routes,
};
