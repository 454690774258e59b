// Checkout Sessions: the hosted page where the payer types a card, in `payment` mode (a one-time
// PaymentIntent, there from the start) or `subscription` mode (the card becomes the customer's default
// and the subscription starts). Sessions expire after 24 hours.
'use strict';
const { DECLINE_MESSAGE, invalid, missingParam } = require('./errors.cjs');
const { int, list, mergeMetadata, obj, oneOf, onlyParams, str } = require('./form.cjs');
const { createPrice, createProduct, productName } = require('./catalog.cjs');
const { createCustomer } = require('./customers.cjs');
const { cardFor, confirmIntent, createCardMethod, createIntent } = require('./payments.cjs');
const { createSubscription } = require('./subscriptions.cjs');
const { DAY, listPage, newId } = require('./store.cjs');

/** @typedef {import('./store.cjs').Ctx} Ctx */
/** @typedef {import('./store.cjs').StripeObject} StripeObject */

const SESSION_PARAMS = [
  'mode',
  'customer',
  'customer_email',
  'client_reference_id',
  'success_url',
  'cancel_url',
  'metadata',
  'line_items',
  'subscription_data',
  'payment_intent_data',
  'expires_at',
  'payment_method_types',
  'locale',
];

/** @param {Ctx} ctx @param {unknown} raw @param {number} n @param {'payment' | 'subscription'} mode @param {number} now */
const lineItem = (ctx, raw, n, mode, now) => {
  const p = `line_items[${n}]`;
  const spec = obj(raw, p);
  onlyParams(spec, ['price', 'price_data', 'quantity'], p);
  const quantity = int(spec.quantity, `${p}[quantity]`) ?? 1;
  if (quantity < 1) throw invalid('quantity must be at least 1', `${p}[quantity]`);
  let price;
  if (spec.price !== undefined) price = ctx.store.get(str(spec.price, `${p}[price]`), 'price', `${p}[price]`);
  else if (spec.price_data !== undefined) {
    const data = obj(spec.price_data, `${p}[price_data]`);
    onlyParams(data, ['currency', 'unit_amount', 'product_data', 'recurring'], `${p}[price_data]`);
    const unitAmount = int(data.unit_amount, `${p}[price_data][unit_amount]`, true) ?? 0;
    const productData = obj(data.product_data, `${p}[price_data][product_data]`);
    onlyParams(productData, ['name'], `${p}[price_data][product_data]`);
    const name = str(productData.name, `${p}[price_data][product_data][name]`, true);
    if (data.recurring !== undefined)
      oneOf(
        obj(data.recurring, `${p}[price_data][recurring]`).interval,
        ['month'],
        `${p}[price_data][recurring][interval]`,
        true,
      );
    price = createPrice(ctx, {
      product: createProduct(ctx, name ?? '', now),
      unitAmount,
      currency: oneOf(data.currency, ['usd'], `${p}[price_data][currency]`, true),
      recurring: data.recurring !== undefined,
      active: false,
      now,
    });
  } else throw missingParam(`${p}[price]`);
  if (mode === 'payment' && price.type === 'recurring')
    throw invalid(
      'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      `${p}[price]`,
    );
  return { price, quantity };
};

/** @param {Ctx} ctx @param {Record<string, any>} params */
const createSession = (ctx, params) => {
  onlyParams(params, SESSION_PARAMS);
  const mode = /** @type {'payment' | 'subscription'} */ (
    oneOf(params.mode, ['payment', 'subscription'], 'mode', true)
  );
  const customer =
    params.customer === undefined
      ? undefined
      : ctx.store.get(str(params.customer, 'customer'), 'customer', 'customer');
  const now = ctx.store.now(customer?.id);
  const successUrl = str(params.success_url, 'success_url', true);
  // Each mode takes its own data; Stripe refuses the other's.
  const subscriptionData = obj(params.subscription_data, 'subscription_data');
  const intentData = obj(params.payment_intent_data, 'payment_intent_data');
  onlyParams(subscriptionData, mode === 'subscription' ? ['metadata'] : [], 'subscription_data');
  onlyParams(intentData, mode === 'payment' ? ['metadata'] : [], 'payment_intent_data');
  const rawItems = list(params.line_items, 'line_items');
  if (!rawItems.length) throw missingParam('line_items');
  const items = rawItems.map((raw, n) => lineItem(ctx, raw, n, mode, now));
  if (mode === 'subscription' && !items.some((i) => i.price.type === 'recurring'))
    throw invalid(
      'You must provide at least one recurring price in `subscription` mode when using prices.',
      'line_items',
    );
  const total = items.reduce((sum, i) => sum + i.price.unit_amount * i.quantity, 0);
  const expiresAt = int(params.expires_at, 'expires_at') ?? now + DAY;
  if (expiresAt < now + 1800 || expiresAt > now + DAY)
    throw invalid('expires_at must be between 30 minutes and 24 hours from now.', 'expires_at');
  const id = newId('cs_test_', 58);
  const session = ctx.store.add({
    id,
    object: 'checkout.session',
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: total,
    amount_total: total,
    billing_address_collection: null,
    cancel_url: str(params.cancel_url, 'cancel_url') ?? null,
    client_reference_id: str(params.client_reference_id, 'client_reference_id') ?? null,
    created: now,
    currency: 'usd',
    customer: customer?.id ?? null,
    customer_creation: customer ? null : mode === 'payment' ? 'if_required' : 'always',
    customer_details: null,
    customer_email: str(params.customer_email, 'customer_email') ?? null,
    expires_at: expiresAt,
    invoice: null,
    livemode: false,
    locale: str(params.locale, 'locale') ?? null,
    metadata: mergeMetadata({}, params.metadata),
    mode,
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    success_url: successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: `${ctx.settings.publicUrl}/c/pay/${id}`,
    _line_items: items.map(({ price, quantity }) => ({
      id: newId('li_'),
      object: 'item',
      amount_discount: 0,
      amount_subtotal: price.unit_amount * quantity,
      amount_tax: 0,
      amount_total: price.unit_amount * quantity,
      currency: price.currency,
      description: productName(ctx, price),
      price,
      quantity,
    })),
    _subscription_metadata: mergeMetadata({}, subscriptionData.metadata),
  });
  if (mode === 'payment')
    session.payment_intent = createIntent(ctx, {
      amount: total,
      customer: session.customer,
      metadata: mergeMetadata({}, intentData.metadata),
      session: id,
    }).id;
  return session;
};

/** Open no more: by time, or by POST /v1/checkout/sessions/:id/expire. @param {Ctx} ctx @param {StripeObject} session */
const expireSession = (ctx, session) => {
  if (session.status !== 'open')
    throw invalid(`Only open sessions can be expired (this one is ${session.status}).`, 'id');
  session.status = 'expired';
  session.url = null;
  const intent = ctx.store.find(session.payment_intent, 'payment_intent');
  if (intent && intent.status !== 'succeeded' && intent.status !== 'processing')
    Object.assign(intent, {
      status: 'canceled',
      canceled_at: ctx.store.now(intent.customer),
      cancellation_reason: 'abandoned',
    });
  ctx.webhooks.emit('checkout.session.expired', session);
};

/** @param {StripeObject} session */
const successRedirect = (session) =>
  String(session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', session.id);

/**
 * The payer submitted a card on the hosted page.
 * @param {Ctx} ctx @param {StripeObject} session @param {string} cardNumber
 * @returns {{ error: string } | { redirect: string }}
 */
const payWithCard = (ctx, session, cardNumber) => {
  const card = cardFor(cardNumber);
  if (!card) return { error: 'Your card number is incorrect.' };
  const now = ctx.store.now(session.customer);
  /** @param {string} status */
  const complete = (status) => {
    const customer = ctx.store.find(session.customer, 'customer');
    session.status = 'complete';
    session.url = null;
    session.payment_status = status;
    session.customer_details = {
      email: customer?.email ?? session.customer_email,
      name: customer?.name ?? null,
      phone: null,
      address: null,
      tax_exempt: 'none',
      tax_ids: [],
    };
    ctx.webhooks.emit('checkout.session.completed', session);
    return { redirect: successRedirect(session) };
  };
  if (session.mode === 'payment') {
    const intent = ctx.store.get(session.payment_intent, 'payment_intent');
    const result = confirmIntent(ctx, intent, createCardMethod(ctx, card, now));
    if (result === 'failed') return { error: DECLINE_MESSAGE };
    return complete(result === 'succeeded' ? 'paid' : 'unpaid');
  }
  // Subscription mode: a card that cannot pay the first invoice is refused here, as Checkout does.
  if (card.outcome === 'declined' || card.outcome === 'charge_fails') return { error: DECLINE_MESSAGE };
  const customer =
    ctx.store.find(session.customer, 'customer') ??
    createCustomer(ctx, session.customer_email ? { email: session.customer_email } : {});
  session.customer = customer.id;
  const pm = createCardMethod(ctx, card, now);
  pm.customer = customer.id;
  customer.invoice_settings.default_payment_method = pm.id;
  const items = session._line_items.filter((/** @type {StripeObject} */ li) => li.price.type === 'recurring');
  const sub = createSubscription(ctx, {
    customer,
    items: items.map((/** @type {StripeObject} */ li) => ({ price: li.price, quantity: li.quantity })),
    defaultPaymentMethod: pm.id,
    metadata: session._subscription_metadata,
  });
  session.subscription = sub.id;
  const invoice = ctx.store.get(sub.latest_invoice, 'invoice');
  session.invoice = invoice.id;
  const intent = ctx.store.find(invoice._payment_intent, 'payment_intent');
  if (intent) intent._session = session.id;
  return complete(
    invoice.status === 'paid' ? (invoice.amount_paid ? 'paid' : 'no_payment_required') : 'unpaid',
  );
};

/** A processing payment of a completed session settled: Checkout's async events. @type {Ctx['settleHandlers'][number]} */
const onSettled = (ctx, intent, outcome) => {
  const session = ctx.store.find(intent._session, 'checkout.session');
  if (!session || session.status !== 'complete') return;
  if (outcome === 'succeeded') session.payment_status = 'paid';
  ctx.webhooks.emit(
    `checkout.session.async_payment_${outcome === 'succeeded' ? 'succeeded' : 'failed'}`,
    session,
  );
};

/** @type {import('./store.cjs').Route[]} */
const routes = [
  { method: 'POST', path: '/v1/checkout/sessions', handle: (ctx, { params }) => createSession(ctx, params) },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id',
    handle: (ctx, { path }) => ctx.store.get(path.id, 'checkout.session'),
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id/line_items',
    handle: (ctx, { params, path }) => {
      onlyParams(params, ['limit', 'starting_after', 'ending_before']);
      const session = ctx.store.get(path.id, 'checkout.session');
      return listPage(session._line_items, params, `/v1/checkout/sessions/${session.id}/line_items`);
    },
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/expire',
    handle: (ctx, { path }) => {
      const session = ctx.store.get(path.id, 'checkout.session');
      expireSession(ctx, session);
      return session;
    },
  },
];

module.exports = { expireSession, onSettled, payWithCard, routes };
