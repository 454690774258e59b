// Customers: who pays, their default card (invoice_settings.default_payment_method), their credit
// (`balance`, negative as on Stripe) and the test clock they live on, if any.
'use strict';
const { int, mergeMetadata, obj, onlyParams, str } = require('./form.cjs');
const { attachMethod, customerMethod } = require('./payments.cjs');
const { listPage, newId } = require('./store.cjs');

/** @typedef {import('./store.cjs').Ctx} Ctx */

const EDITABLE = ['description', 'email', 'invoice_settings', 'metadata', 'name', 'phone', 'balance'];

/** @param {Ctx} ctx @param {Record<string, any>} params */
const createCustomer = (ctx, params) => {
  const clock = params.test_clock
    ? ctx.store.get(str(params.test_clock, 'test_clock'), 'test_helpers.test_clock', 'test_clock')
    : undefined;
  const customer = ctx.store.add({
    id: newId('cus_', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: clock?.frozen_time ?? ctx.store.now(null),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: null,
    invoice_prefix: 'LOCAL',
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: {},
    name: null,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: clock?.id ?? null,
  });
  updateCustomer(ctx, customer, params);
  if (params.payment_method !== undefined)
    attachMethod(ctx, str(params.payment_method, 'payment_method', true) ?? '', customer, 'payment_method');
  ctx.webhooks.emit('customer.created', customer);
  return customer;
};

/** @param {Ctx} ctx @param {Record<string, any>} customer @param {Record<string, any>} params */
const updateCustomer = (ctx, customer, params) => {
  for (const key of ['description', 'email', 'name', 'phone']) {
    const value = str(params[key], key);
    if (value !== undefined) customer[key] = value === '' ? null : value;
  }
  customer.metadata = mergeMetadata(customer.metadata, params.metadata);
  const balance = int(params.balance, 'balance');
  if (balance !== undefined) customer.balance = balance;
  const settings = obj(params.invoice_settings, 'invoice_settings');
  onlyParams(settings, ['default_payment_method'], 'invoice_settings');
  const pm = customerMethod(
    ctx,
    settings.default_payment_method,
    customer,
    'invoice_settings[default_payment_method]',
  );
  if (pm !== undefined) customer.invoice_settings.default_payment_method = pm;
  return customer;
};

/** @type {import('./store.cjs').Route[]} */
const routes = [
  {
    method: 'POST',
    path: '/v1/customers',
    handle: (ctx, { params }) => {
      onlyParams(params, [...EDITABLE, 'payment_method', 'test_clock']);
      return createCustomer(ctx, params);
    },
  },
  { method: 'GET', path: '/v1/customers/:id', handle: (ctx, { path }) => ctx.store.get(path.id, 'customer') },
  {
    method: 'POST',
    path: '/v1/customers/:id',
    handle: (ctx, { params, path }) => {
      onlyParams(params, EDITABLE);
      return updateCustomer(ctx, ctx.store.get(path.id, 'customer'), params);
    },
  },
  {
    method: 'GET',
    path: '/v1/customers',
    handle: (ctx, { params }) => {
      onlyParams(params, ['email', 'test_clock', 'limit', 'starting_after', 'ending_before']);
      const email = str(params.email, 'email');
      const clock = str(params.test_clock, 'test_clock');
      // As on Stripe: customers on a test clock are listed only when that clock is asked for.
      const found = ctx.store
        .all('customer')
        .filter((c) => !c._deleted && (!email || c.email === email) && c.test_clock === (clock ?? null))
        .reverse();
      return listPage(found, params, '/v1/customers');
    },
  },
];

module.exports = { createCustomer, routes };
