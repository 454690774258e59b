// A local payment processor that speaks (a subset of) Stripe's HTTP API, for `npm start`, the integration
// tests and the browser journeys, where nothing can reach Stripe: the official SDK talks to it as to
// Stripe, only its base URL differs (`new Stripe(key, { host: '127.0.0.1', port, protocol: 'http' })`).
// Demo and test tooling, not product code: plain CommonJS on Node's built-ins, state in memory (and in a
// file, with `stateFile`, to outlive a restart).
'use strict';
const http = require('node:http');
const { DEFAULT_PRICES, routes: catalogRoutes, seedPrices } = require('./catalog.cjs');
const { routes: billingRoutes } = require('./billing-routes.cjs');
const { onSettled: checkoutSettled, routes: checkoutRoutes } = require('./checkout.cjs');
const { routes: clockRoutes, startTicker } = require('./clocks.cjs');
const { routes: customerRoutes } = require('./customers.cjs');
const { onSettled: invoiceSettled, routes: invoiceRoutes } = require('./invoices.cjs');
const { TEST_CARDS, routes: paymentRoutes } = require('./payments.cjs');
const { createSaver, loadState, movePublicUrl, serialize } = require('./persist.cjs');
const { routes: portalRoutes } = require('./portal.cjs');
const { createHandler } = require('./server.cjs');
const { Store, realNow } = require('./store.cjs');
const { createWebhooks } = require('./webhooks.cjs');

const HOST = '127.0.0.1';

/**
 * @typedef {object} LocalStripeOptions
 * @property {number} [port] 0 (default): a free port on 127.0.0.1
 * @property {string} [secretKey] what `Authorization: Bearer` must carry (default sk_test_local)
 * @property {string} [webhookUrl] where events are POSTed; none: they are only recorded
 * @property {string} [webhookSecret] signs the events (default whsec_local)
 * @property {string} [publicUrl] base of the hosted pages' URLs (default: the processor's own)
 * @property {readonly import('./catalog.cjs').PriceSeed[]} [prices] seeded prices (default DEFAULT_PRICES)
 * @property {number} [webhookRetryMs] first retry delay of a failed delivery, doubling (default 500)
 * @property {string} [stateFile] where the state is kept: read at start if it exists (unreadable: logged,
 *   started empty), written after every change; none (default): in memory only
 */

/**
 * @typedef {object} LocalStripe
 * @property {string} baseUrl http://127.0.0.1:<port>
 * @property {string} host
 * @property {number} port
 * @property {string} secretKey
 * @property {string} webhookSecret
 * @property {(url: string | undefined) => void} setWebhookUrl
 * @property {() => Promise<void>} close stops, after writing the state file if there are changes to save
 * @property {import('./store.cjs').Store} state every object, for tests that look inside
 */

/** @param {LocalStripeOptions} [options] @returns {Promise<LocalStripe>} */
const startLocalStripe = async (options = {}) => {
  const {
    port = 0,
    secretKey = 'sk_test_local',
    webhookUrl,
    webhookSecret = 'whsec_local',
    publicUrl,
    prices = DEFAULT_PRICES,
    webhookRetryMs = 500,
    stateFile,
  } = options;
  const loaded = stateFile ? loadState(stateFile) : undefined;
  const store = loaded?.store ?? new Store();
  const saver = stateFile
    ? createSaver(stateFile, () =>
        serialize(store, { publicUrl: ctx.settings.publicUrl, waiting: ctx.webhooks.waiting() }),
      )
    : undefined;
  /** @type {import('./store.cjs').Ctx} */
  const ctx = {
    store,
    settings: { publicUrl: '' },
    request: { idempotencyKey: null },
    changed: () => saver?.schedule(),
    // Invoices first: a subscription is active before its checkout session says the payment succeeded.
    settleHandlers: [invoiceSettled, checkoutSettled],
    webhooks: createWebhooks({
      store,
      secret: webhookSecret,
      url: webhookUrl,
      retryMs: webhookRetryMs,
      requestKey: () => ctx.request.idempotencyKey,
      onChange: () => ctx.changed(),
    }),
  };
  // A saved state has its prices (their ids are in the portal's subscriptions): only new ones are added.
  const seeded = new Set(store.all('price').map((p) => p.lookup_key));
  seedPrices(
    ctx,
    prices.filter((p) => !seeded.has(p.lookup_key)),
    realNow(),
  );

  const routes = [
    ...customerRoutes,
    ...catalogRoutes,
    ...paymentRoutes,
    ...checkoutRoutes,
    ...portalRoutes,
    ...billingRoutes,
    ...invoiceRoutes,
    ...clockRoutes,
  ];
  const server = http.createServer(createHandler(ctx, routes, { secretKey }));
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const baseUrl = `http://${HOST}:${address.port}`;
  ctx.settings.publicUrl = (publicUrl ?? baseUrl).replace(/\/$/, '');
  if (loaded) {
    movePublicUrl(store, loaded.publicUrl, ctx.settings.publicUrl);
    ctx.webhooks.requeue(loaded.waiting);
  }
  ctx.changed();
  const stopTicker = startTicker(ctx, (err) => console.error('local-stripe: due work failed', err));

  return {
    baseUrl,
    host: HOST,
    port: address.port,
    secretKey,
    webhookSecret,
    setWebhookUrl: (url) => ctx.webhooks.setUrl(url),
    close: async () => {
      stopTicker();
      const closed = new Promise((resolve) => server.close(() => resolve(undefined)));
      // Keep-alive sockets of SDK clients would hold close() open.
      server.closeAllConnections();
      await Promise.all([closed, ctx.webhooks.close()]);
      await saver?.flush();
    },
    state: store,
  };
};

module.exports = { DEFAULT_PRICES, TEST_CARDS, startLocalStripe };
