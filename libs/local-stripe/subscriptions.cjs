// Subscriptions (API 2026-10-28: the billing period lives on each item): create, renew each calendar
// month, cancel now or at the period's end, and change items with proration (proration.cjs): invoiced
// at once (always_invoice) or kept for the renewal invoice (create_prorations).
'use strict';
const { invalid } = require('./errors.cjs');
const { bool, mergeMetadata, oneOf } = require('./form.cjs');
const { money, productName } = require('./catalog.cjs');
const { buildInvoice, cancelSubscription, finalizeAndPay, paymentProcessing } = require('./invoices.cjs');
const { customerMethod } = require('./payments.cjs');
const {
  PRORATION_BEHAVIORS,
  periodOf,
  planItems,
  prorationDate,
  prorationLines,
} = require('./proration.cjs');
const { DAY, addMonths, newId, publicCopy } = require('./store.cjs');

/** @typedef {import('./store.cjs').Ctx} Ctx */
/** @typedef {import('./store.cjs').StripeObject} StripeObject */
/** @typedef {import('./invoices.cjs').LineSpec} LineSpec */
/** How long a first invoice may stay unpaid before the subscription is incomplete_expired. */
const INCOMPLETE_EXPIRES_AFTER = DAY - 3600;

/** The legacy `plan` every subscription item still carries. @param {StripeObject} price */
const planOf = (price) => ({
  id: price.id,
  object: 'plan',
  active: price.active,
  amount: price.unit_amount,
  amount_decimal: price.unit_amount_decimal,
  billing_scheme: 'per_unit',
  created: price.created,
  currency: price.currency,
  interval: 'month',
  interval_count: 1,
  livemode: false,
  metadata: {},
  nickname: null,
  product: price.product,
  tiers_mode: null,
  transform_usage: null,
  trial_period_days: null,
  usage_type: 'licensed',
});

/** A full period's line of an item: `1 × Basic storage (50 GB) (at $4.99 / month)`. */
const periodLine = (
  /** @type {Ctx} */ ctx,
  /** @type {StripeObject} */ sub,
  /** @type {StripeObject} */ item,
) =>
  /** @type {LineSpec} */ ({
    price: item.price,
    quantity: item.quantity,
    amount: item.price.unit_amount * item.quantity,
    description: `${item.quantity} × ${productName(ctx, item.price)} (at ${money(item.price.unit_amount)} / month)`,
    period: { start: item.current_period_start, end: item.current_period_end },
    subscription: sub.id,
    item: item.id,
    proration: false,
  });

/** @param {StripeObject} sub @param {StripeObject} price @param {number} quantity @param {number} now */
const newItem = (sub, price, quantity, now) => ({
  id: newId('si_', 14),
  object: 'subscription_item',
  billing_thresholds: null,
  created: now,
  current_period_end: sub.items.data[0]?.current_period_end ?? addMonths(now, 1),
  current_period_start: sub.items.data[0]?.current_period_start ?? now,
  discounts: [],
  metadata: {},
  plan: planOf(price),
  price,
  quantity,
  subscription: sub.id,
  tax_rates: [],
});

/**
 * @param {Ctx} ctx
 * @param {{ customer: StripeObject, items: { price: StripeObject, quantity: number }[],
 *   defaultPaymentMethod: string | null, metadata: Record<string, string> }} spec
 */
const createSubscription = (ctx, { customer, items, defaultPaymentMethod, metadata }) => {
  const now = ctx.store.now(customer.id);
  const sub = ctx.store.add({
    id: newId('sub_'),
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: now,
    billing_cycle_anchor_config: null,
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: 'usd',
    customer: customer.id,
    days_until_due: null,
    default_payment_method: defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: { object: 'list', data: [], has_more: false, total_count: 0, url: '' },
    latest_invoice: null,
    livemode: false,
    metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: 'incomplete',
    test_clock: customer.test_clock,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: null,
    _periods: 1,
    _pending_lines: /** @type {LineSpec[]} */ ([]),
    _quiet: true,
  });
  sub.items.url = `/v1/subscription_items?subscription=${sub.id}`;
  sub.items.data = items.map(({ price, quantity }) => newItem(sub, price, quantity, now));
  sub.items.total_count = sub.items.data.length;
  // Its event goes first but shows the state after the first payment: `active` when the card paid.
  ctx.webhooks.emit('customer.subscription.created', sub, { late: true });
  const invoice = buildInvoice(ctx, {
    sub,
    reason: 'subscription_create',
    lines: sub.items.data.map((/** @type {StripeObject} */ item) => periodLine(ctx, sub, item)),
    periodStart: now,
    periodEnd: now,
  });
  sub.latest_invoice = invoice.id;
  finalizeAndPay(ctx, invoice);
  sub._quiet = false;
  return sub;
};

/** @param {Ctx} ctx @param {StripeObject} sub @param {Record<string, any>} params */
const updateSubscription = (ctx, sub, params) => {
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
    const allowed = Object.keys(params).every((k) => k === 'metadata' || k === 'expand');
    if (!allowed) throw invalid('A canceled subscription can only update its metadata.', undefined);
  }
  const customer = ctx.store.get(sub.customer, 'customer');
  const behavior =
    oneOf(params.proration_behavior, PRORATION_BEHAVIORS, 'proration_behavior') ?? 'create_prorations';
  const plan = params.items === undefined ? undefined : planItems(ctx, sub, params.items);
  const date = plan ? prorationDate(ctx, sub, params.proration_date, 'proration_date') : 0;
  const pm = customerMethod(ctx, params.default_payment_method, customer, 'default_payment_method');
  const cancelAtPeriodEnd = bool(params.cancel_at_period_end, 'cancel_at_period_end');
  const before = publicCopy(sub);
  sub._quiet = true;
  ctx.webhooks.emit('customer.subscription.updated', sub, { before, late: true });
  sub.metadata = mergeMetadata(sub.metadata, params.metadata);
  if (pm !== undefined) sub.default_payment_method = pm;
  if (cancelAtPeriodEnd !== undefined) {
    sub.cancel_at_period_end = cancelAtPeriodEnd;
    sub.cancel_at = cancelAtPeriodEnd ? periodOf(sub).end : null;
    sub.canceled_at = cancelAtPeriodEnd ? ctx.store.now(sub.customer) : null;
    sub.cancellation_details.reason = cancelAtPeriodEnd ? 'cancellation_requested' : null;
  }
  if (plan) {
    const lines = behavior === 'none' ? [] : prorationLines(ctx, sub, plan, date);
    sub.items.data = plan
      .filter((e) => !e.deleted)
      .map((e) =>
        e.old
          ? Object.assign(e.old, { price: e.price, plan: planOf(e.price), quantity: e.quantity })
          : { ...newItem(sub, e.price, e.quantity, date), id: e.id },
      );
    sub.items.total_count = sub.items.data.length;
    sub._pending_lines.push(...lines);
    if (behavior === 'always_invoice' && sub._pending_lines.length) {
      const invoice = buildInvoice(ctx, {
        sub,
        reason: 'subscription_update',
        lines: sub._pending_lines,
        periodStart: date,
        periodEnd: date,
      });
      sub._pending_lines = [];
      sub.latest_invoice = invoice.id;
      finalizeAndPay(ctx, invoice);
    }
  }
  sub._quiet = false;
  return sub;
};

/**
 * The period ended: cancel (cancel_at_period_end) or move one month on and invoice it (with the pending
 * proration lines, less the customer's credit).
 * @param {Ctx} ctx @param {StripeObject} sub
 */
const renewSubscription = (ctx, sub) => {
  const { start, end } = periodOf(sub);
  if (sub.cancel_at_period_end) {
    cancelSubscription(ctx, sub, {
      at: end,
      canceledAt: sub.canceled_at ?? end,
      reason: 'cancellation_requested',
    });
    return;
  }
  const before = publicCopy(sub);
  sub._quiet = true;
  ctx.webhooks.emit('customer.subscription.updated', sub, { before, late: true });
  sub._periods += 1;
  for (const item of sub.items.data) {
    item.current_period_start = end;
    item.current_period_end = addMonths(sub.billing_cycle_anchor, sub._periods);
  }
  const lines = [
    ...sub._pending_lines,
    ...sub.items.data.map((/** @type {StripeObject} */ i) => periodLine(ctx, sub, i)),
  ];
  sub._pending_lines = [];
  const invoice = buildInvoice(ctx, {
    sub,
    reason: 'subscription_cycle',
    lines,
    periodStart: start,
    periodEnd: end,
  });
  sub.latest_invoice = invoice.id;
  finalizeAndPay(ctx, invoice);
  sub._quiet = false;
};

/** A first invoice unpaid 23 hours (and not processing): the subscription never started. */
const expireIncomplete = (/** @type {Ctx} */ ctx, /** @type {StripeObject} */ sub) => {
  const now = ctx.store.now(sub.customer);
  const invoice = ctx.store.find(sub.latest_invoice, 'invoice');
  if (invoice?.status === 'open') {
    Object.assign(invoice, { status: 'void', next_payment_attempt: null, amount_remaining: 0 });
    invoice.status_transitions.voided_at = now;
  }
  sub.status = 'incomplete_expired';
  sub.ended_at = now;
  ctx.webhooks.emit('customer.subscription.deleted', sub);
};

/** When a subscription has something to do by itself, if anything. @param {Ctx} ctx @param {StripeObject} sub */
const dueOf = (ctx, sub) => {
  if (sub.status === 'active' || sub.status === 'past_due')
    return { at: periodOf(sub).end, run: () => renewSubscription(ctx, sub) };
  const invoice = ctx.store.find(sub.latest_invoice, 'invoice');
  if (sub.status === 'incomplete' && !(invoice && paymentProcessing(ctx, invoice)))
    return { at: sub.created + INCOMPLETE_EXPIRES_AFTER, run: () => expireIncomplete(ctx, sub) };
  return undefined;
};

module.exports = { createSubscription, dueOf, periodLine, updateSubscription };
