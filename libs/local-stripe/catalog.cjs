// Products and prices: seeded at start (the portal finds its plans by lookup_key, as in production),
// plus the ad-hoc ones a Checkout Session makes from `price_data`.
'use strict';
const { invalid } = require('./errors.cjs');
const { bool, list, onlyParams, str } = require('./form.cjs');
const { listPage, newId } = require('./store.cjs');

/** @typedef {import('./store.cjs').Ctx} Ctx */
/** @typedef {import('./store.cjs').StripeObject} StripeObject */

/**
 * A price to seed: monthly USD unless told otherwise (`recurring: null` makes a one-time price).
 * @typedef {object} PriceSeed
 * @property {string} lookup_key
 * @property {string} product the product's name
 * @property {number} unit_amount in cents
 * @property {string} [currency]
 * @property {{ interval: 'month' } | null} [recurring]
 */

/** @type {readonly PriceSeed[]} */
const DEFAULT_PRICES = Object.freeze([
  { lookup_key: 'storage_basic_monthly', product: 'Basic storage (50 GB)', unit_amount: 499 },
  { lookup_key: 'storage_plus_monthly', product: 'Plus storage (500 GB)', unit_amount: 999 },
  { lookup_key: 'group_seat_monthly', product: 'Group storage seat', unit_amount: 399 },
]);

/** @param {Ctx} ctx @param {string} name @param {number} now */
const createProduct = (ctx, name, now) =>
  ctx.store.add({
    id: newId('prod_', 14),
    object: 'product',
    active: true,
    created: now,
    default_price: null,
    description: null,
    images: [],
    livemode: false,
    metadata: {},
    name,
    tax_code: null,
    updated: now,
    url: null,
  });

/**
 * @param {Ctx} ctx
 * @param {{ product: StripeObject, unitAmount: number, currency?: string, recurring: boolean,
 *   lookupKey?: string | null, active?: boolean, now: number }} spec
 */
const createPrice = (
  ctx,
  { product, unitAmount, currency = 'usd', recurring, lookupKey = null, active = true, now },
) => {
  const price = ctx.store.add({
    id: newId('price_'),
    object: 'price',
    active,
    billing_scheme: 'per_unit',
    created: now,
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: lookupKey,
    metadata: {},
    nickname: null,
    product: product.id,
    recurring: recurring
      ? { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  });
  if (!product.default_price) product.default_price = price.id;
  return price;
};

/** @param {Ctx} ctx @param {readonly PriceSeed[]} seeds @param {number} now */
const seedPrices = (ctx, seeds, now) => {
  for (const seed of seeds) {
    const product = createProduct(ctx, seed.product, now);
    createPrice(ctx, {
      product,
      unitAmount: seed.unit_amount,
      currency: seed.currency,
      recurring: seed.recurring !== null,
      lookupKey: seed.lookup_key,
      now,
    });
  }
};

/** The product's name, for invoice lines and hosted pages. @param {Ctx} ctx @param {StripeObject} price */
const productName = (ctx, price) => ctx.store.find(price.product, 'product')?.name ?? 'Item';

/** Cents as the hosted pages show them: `$4.99`. */
const money = (/** @type {number} */ cents, currency = 'usd') =>
  `${cents < 0 ? '-' : ''}${currency === 'usd' ? '$' : `${currency.toUpperCase()} `}${(Math.abs(cents) / 100).toFixed(2)}`;

/** @type {import('./store.cjs').Route[]} */
const routes = [
  {
    method: 'GET',
    path: '/v1/prices',
    handle: (ctx, { params }) => {
      onlyParams(params, [
        'active',
        'currency',
        'lookup_keys',
        'product',
        'type',
        'limit',
        'starting_after',
        'ending_before',
      ]);
      const active = bool(params.active, 'active');
      const lookupKeys = list(params.lookup_keys, 'lookup_keys');
      if (lookupKeys.length > 10) throw invalid('lookup_keys: at most 10', 'lookup_keys');
      const product = str(params.product, 'product');
      const type = str(params.type, 'type');
      const currency = str(params.currency, 'currency');
      const prices = ctx.store
        .all('price')
        .filter(
          (p) =>
            (active === undefined || p.active === active) &&
            (!lookupKeys.length || lookupKeys.includes(p.lookup_key)) &&
            (!product || p.product === product) &&
            (!type || p.type === type) &&
            (!currency || p.currency === currency),
        )
        .reverse();
      return listPage(prices, params, '/v1/prices');
    },
  },
  { method: 'GET', path: '/v1/prices/:id', handle: (ctx, { path }) => ctx.store.get(path.id, 'price') },
  { method: 'GET', path: '/v1/products/:id', handle: (ctx, { path }) => ctx.store.get(path.id, 'product') },
];

module.exports = { DEFAULT_PRICES, createPrice, createProduct, money, productName, routes, seedPrices };
