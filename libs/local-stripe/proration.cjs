// Proration, as Stripe computes it: changing items mid-period credits the unused time of each old item
// and charges the rest of the period on the new one, each `round(unit_amount × quantity × remaining /
// period)`, as of `proration_date` (default: now). Shared by the update and its preview.
'use strict';
const { invalid, missingParam } = require('./errors.cjs');
const { bool, int, list, obj, str } = require('./form.cjs');
const { productName } = require('./catalog.cjs');
const { newId } = require('./store.cjs');

/** @typedef {import('./store.cjs').Ctx} Ctx */
/** @typedef {import('./store.cjs').StripeObject} StripeObject */
/** @typedef {import('./invoices.cjs').LineSpec} LineSpec */
/**
 * An item in a change: as it was (`old`, none for a new one) and as it will be.
 * @typedef {{ id: string, old: StripeObject | null, price: StripeObject, quantity: number, deleted: boolean }} PlanEntry
 */

const PRORATION_BEHAVIORS = /** @type {const} */ (['create_prorations', 'always_invoice', 'none']);

/** @param {Ctx} ctx @param {string} id @param {string} param */
const recurringPrice = (ctx, id, param) => {
  const price = ctx.store.get(id, 'price', param);
  if (price.type !== 'recurring')
    throw invalid(
      `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
      param,
    );
  return price;
};

/** @param {StripeObject} sub */
const periodOf = (sub) => ({
  start: sub.items.data[0].current_period_start,
  end: sub.items.data[0].current_period_end,
});

/** `11 Apr 2027`, as Stripe writes proration lines. */
const day = (/** @type {number} */ t) =>
  new Date(t * 1000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * What `items[n][id|price|quantity|deleted]` makes of the items: each entry the item before (if any)
 * and after (unless deleted).
 * @param {Ctx} ctx @param {StripeObject} sub @param {unknown} itemsParam @param {string} prefix
 */
const planItems = (ctx, sub, itemsParam, prefix = 'items') => {
  /** @type {PlanEntry[]} */
  const plan = sub.items.data.map((/** @type {StripeObject} */ item) => ({
    id: item.id,
    old: item,
    price: item.price,
    quantity: item.quantity,
    deleted: false,
  }));
  list(itemsParam, prefix).forEach((raw, n) => {
    const p = `${prefix}[${n}]`;
    const spec = obj(raw, p);
    const unknown = Object.keys(spec).find(
      (k) => !['id', 'price', 'quantity', 'deleted', 'metadata'].includes(k),
    );
    if (unknown)
      throw invalid(`Received unknown parameter: ${p}[${unknown}]`, `${p}[${unknown}]`, 'parameter_unknown');
    const id = str(spec.id, `${p}[id]`);
    const priceId = str(spec.price, `${p}[price]`);
    let entry = id ? plan.find((e) => e.id === id) : undefined;
    if (id && !entry) throw invalid(`No such subscription item: '${id}'`, `${p}[id]`, 'resource_missing');
    if (!entry) {
      if (!priceId) throw missingParam(`${p}[price]`);
      entry = {
        id: newId('si_', 14),
        old: null,
        price: recurringPrice(ctx, priceId, `${p}[price]`),
        quantity: 1,
        deleted: false,
      };
      plan.push(entry);
    } else if (priceId) entry.price = recurringPrice(ctx, priceId, `${p}[price]`);
    const quantity = int(spec.quantity, `${p}[quantity]`);
    if (quantity !== undefined && quantity < 0)
      throw invalid('quantity must be at least 0', `${p}[quantity]`);
    if (quantity !== undefined) entry.quantity = quantity;
    if (bool(spec.deleted, `${p}[deleted]`)) entry.deleted = true;
  });
  if (!plan.some((e) => !e.deleted)) throw invalid('A subscription must keep at least one item.', prefix);
  return plan;
};

/**
 * Proration lines of a change at `date`: each `round(unit_amount × quantity × remaining / period)`.
 * @param {Ctx} ctx @param {StripeObject} sub @param {PlanEntry[]} plan @param {number} date
 * @returns {LineSpec[]}
 */
const prorationLines = (ctx, sub, plan, date) => {
  const { start, end } = periodOf(sub);
  const remaining = Math.min(Math.max(end - date, 0), end - start);
  if (remaining === 0) return [];
  /** @type {LineSpec[]} */
  const lines = [];
  /** @param {StripeObject} price @param {number} quantity @param {string} item @param {-1 | 1} sign */
  const line = (price, quantity, item, sign) => {
    const amount = Math.round((price.unit_amount * quantity * remaining) / (end - start));
    const what = `${quantity > 1 ? `${quantity} × ` : ''}${productName(ctx, price)}`;
    lines.push({
      price,
      quantity,
      amount: sign * amount,
      description: `${sign < 0 ? 'Unused' : 'Remaining'} time on ${what} after ${day(date)}`,
      period: { start: date, end },
      subscription: sub.id,
      item,
      proration: true,
    });
  };
  for (const e of plan) {
    const changed = !e.old || e.deleted || e.old.price.id !== e.price.id || e.old.quantity !== e.quantity;
    if (!changed) continue;
    if (e.old) line(e.old.price, e.old.quantity, e.id, -1);
    if (!e.deleted) line(e.price, e.quantity, e.id, 1);
  }
  return lines;
};

/** @param {Ctx} ctx @param {StripeObject} sub @param {unknown} value @param {string} param */
const prorationDate = (ctx, sub, value, param) => {
  const { start, end } = periodOf(sub);
  const date = int(value, param) ?? ctx.store.now(sub.customer);
  if (date < start || date > end)
    throw invalid('proration_date must be within the current billing period.', param);
  return date;
};

module.exports = { PRORATION_BEHAVIORS, periodOf, planItems, prorationDate, prorationLines, recurringPrice };
