// The subscription endpoints and the invoice preview (what an update would invoice, nothing saved).
'use strict';
const { invalid, missingParam } = require('./errors.cjs');
const { int, list, mergeMetadata, obj, oneOf, onlyParams, str } = require('./form.cjs');
const { buildInvoice, cancelSubscription } = require('./invoices.cjs');
const { customerMethod } = require('./payments.cjs');
const { addMonths, listPage } = require('./store.cjs');
const {
  PRORATION_BEHAVIORS,
  periodOf,
  planItems,
  prorationDate,
  prorationLines,
  recurringPrice,
} = require('./proration.cjs');
const { createSubscription, periodLine, updateSubscription } = require('./subscriptions.cjs');

/** @typedef {import('./store.cjs').Ctx} Ctx */
/** @typedef {import('./store.cjs').StripeObject} StripeObject */

const STATUSES = [
  'incomplete',
  'incomplete_expired',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'all',
  'ended',
];

/** @param {Ctx} ctx @param {unknown} itemsParam @param {string} prefix */
const newItems = (ctx, itemsParam, prefix) => {
  const items = list(itemsParam, prefix).map((raw, n) => {
    const spec = obj(raw, `${prefix}[${n}]`);
    const priceId = str(spec.price, `${prefix}[${n}][price]`);
    if (!priceId) throw missingParam(`${prefix}[${n}][price]`);
    const quantity = int(spec.quantity, `${prefix}[${n}][quantity]`) ?? 1;
    if (quantity < 0) throw invalid('quantity must be at least 0', `${prefix}[${n}][quantity]`);
    return { price: recurringPrice(ctx, priceId, `${prefix}[${n}][price]`), quantity };
  });
  if (!items.length) throw missingParam(prefix);
  if (new Set(items.map((i) => i.price.id)).size < items.length)
    throw invalid('Cannot add multiple subscription items with the same price.', prefix);
  return items;
};

/**
 * The invoice an update would make now: with always_invoice, its prorations; otherwise the next
 * renewal's, prorations included. Nothing is saved.
 * @param {Ctx} ctx @param {StripeObject} sub @param {Record<string, any>} details
 */
const previewUpdate = (ctx, sub, details) => {
  const prefix = 'subscription_details';
  onlyParams(details, ['items', 'proration_behavior', 'proration_date'], prefix);
  const plan = planItems(ctx, sub, details.items, `${prefix}[items]`);
  const behavior =
    oneOf(details.proration_behavior, PRORATION_BEHAVIORS, `${prefix}[proration_behavior]`) ??
    'create_prorations';
  const date = prorationDate(ctx, sub, details.proration_date, `${prefix}[proration_date]`);
  const prorations = behavior === 'none' ? [] : prorationLines(ctx, sub, plan, date);
  if (behavior === 'always_invoice')
    return buildInvoice(ctx, {
      sub,
      reason: 'subscription_update',
      lines: [...sub._pending_lines, ...prorations],
      periodStart: date,
      periodEnd: date,
      preview: true,
    });
  const { start, end } = periodOf(sub);
  const nextEnd = addMonths(sub.billing_cycle_anchor, sub._periods + 1);
  const next = plan
    .filter((e) => !e.deleted)
    .map((e) =>
      periodLine(ctx, sub, {
        id: e.id,
        price: e.price,
        quantity: e.quantity,
        current_period_start: end,
        current_period_end: nextEnd,
      }),
    );
  return buildInvoice(ctx, {
    sub,
    reason: 'upcoming',
    lines: [...sub._pending_lines, ...prorations, ...next],
    periodStart: start,
    periodEnd: end,
    preview: true,
  });
};

/** @type {import('./store.cjs').Route[]} */
const routes = [
  {
    method: 'POST',
    path: '/v1/subscriptions',
    handle: (ctx, { params }) => {
      onlyParams(params, [
        'customer',
        'items',
        'default_payment_method',
        'metadata',
        'proration_behavior',
        'payment_behavior',
        'collection_method',
        'off_session',
      ]);
      oneOf(params.payment_behavior, ['allow_incomplete'], 'payment_behavior');
      oneOf(params.collection_method, ['charge_automatically'], 'collection_method');
      oneOf(params.proration_behavior, PRORATION_BEHAVIORS, 'proration_behavior');
      const customer = ctx.store.get(str(params.customer, 'customer', true), 'customer', 'customer');
      const items = newItems(ctx, params.items, 'items');
      const pm =
        customerMethod(ctx, params.default_payment_method, customer, 'default_payment_method') ?? null;
      const total = items.reduce((sum, i) => sum + i.price.unit_amount * i.quantity, 0);
      if (!pm && !customer.invoice_settings.default_payment_method && total + customer.balance > 0)
        throw invalid(
          'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
          undefined,
          'resource_missing',
        );
      return createSubscription(ctx, {
        customer,
        items,
        defaultPaymentMethod: pm,
        metadata: mergeMetadata({}, params.metadata),
      });
    },
  },
  {
    method: 'GET',
    path: '/v1/subscriptions/:id',
    handle: (ctx, { path }) => ctx.store.get(path.id, 'subscription'),
  },
  {
    method: 'GET',
    path: '/v1/subscriptions',
    handle: (ctx, { params }) => {
      onlyParams(params, [
        'customer',
        'status',
        'price',
        'test_clock',
        'limit',
        'starting_after',
        'ending_before',
      ]);
      const customer = str(params.customer, 'customer');
      const status = oneOf(params.status, STATUSES, 'status');
      const price = str(params.price, 'price');
      const clock = str(params.test_clock, 'test_clock');
      const ended = ['canceled', 'incomplete_expired'];
      const found = ctx.store
        .all('subscription')
        .filter(
          (s) =>
            (!customer || s.customer === customer) &&
            // As on Stripe: subscriptions on test clocks only when a customer or that clock is named.
            (clock ? s.test_clock === clock : customer || !s.test_clock) &&
            (status === 'all' ||
              (status === 'ended'
                ? ended.includes(s.status)
                : status
                  ? s.status === status
                  : s.status !== 'canceled')) &&
            (!price || s.items.data.some((/** @type {StripeObject} */ i) => i.price.id === price)),
        )
        .reverse();
      return listPage(found, params, '/v1/subscriptions');
    },
  },
  {
    method: 'POST',
    path: '/v1/subscriptions/:id',
    handle: (ctx, { params, path }) => {
      onlyParams(params, [
        'items',
        'proration_behavior',
        'proration_date',
        'cancel_at_period_end',
        'default_payment_method',
        'metadata',
        'payment_behavior',
        'off_session',
      ]);
      oneOf(params.payment_behavior, ['allow_incomplete'], 'payment_behavior');
      return updateSubscription(ctx, ctx.store.get(path.id, 'subscription'), params);
    },
  },
  {
    method: 'DELETE',
    path: '/v1/subscriptions/:id',
    handle: (ctx, { params, path }) => {
      onlyParams(params, ['invoice_now', 'prorate', 'cancellation_details']);
      const sub = ctx.store.get(path.id, 'subscription');
      if (sub.status === 'canceled' || sub.status === 'incomplete_expired')
        throw invalid(`This subscription has already ended (${sub.status}).`, 'id');
      cancelSubscription(ctx, sub, { at: ctx.store.now(sub.customer), reason: 'cancellation_requested' });
      return sub;
    },
  },
  {
    method: 'POST',
    path: '/v1/invoices/create_preview',
    handle: (ctx, { params }) => {
      onlyParams(params, ['customer', 'subscription', 'subscription_details']);
      const details = obj(params.subscription_details, 'subscription_details');
      const subId = str(params.subscription, 'subscription');
      if (subId) {
        const sub = ctx.store.get(subId, 'subscription', 'subscription');
        if (params.customer !== undefined && params.customer !== sub.customer)
          throw invalid('The subscription does not belong to this customer.', 'customer');
        return previewUpdate(ctx, sub, details);
      }
      // A new subscription: its first invoice.
      const customer = ctx.store.get(str(params.customer, 'customer', true), 'customer', 'customer');
      onlyParams(details, ['items'], 'subscription_details');
      const now = ctx.store.now(customer.id);
      const items = newItems(ctx, details.items, 'subscription_details[items]');
      const draft = { id: null, customer: customer.id, metadata: {}, _pending_lines: [] };
      return buildInvoice(ctx, {
        sub: draft,
        reason: 'subscription_create',
        lines: items.map((i, n) =>
          periodLine(ctx, draft, {
            id: `si_preview_${n}`,
            ...i,
            current_period_start: now,
            current_period_end: addMonths(now, 1),
          }),
        ),
        periodStart: now,
        periodEnd: now,
        preview: true,
      });
    },
  },
];

module.exports = { routes };
