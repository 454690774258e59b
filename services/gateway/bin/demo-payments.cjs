// The demo's payment processor (issue 30): where nothing can reach Stripe, `npm start` and the browser
// journeys run the local processor of libs/local-stripe, which speaks Stripe's HTTP API to the billing
// context's official SDK and posts its signed webhooks to this portal. Skipped when the deployment
// names its own processor (STRIPE_SECRET_KEY), or PAYMENTS=off.
'use strict';
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/**
 * The processor's keys and its state live beside the portal's data (PORTAL_DATA_DIR/local-stripe), so a
 * restarted demo finds the customers and plans its database names; made once, on first start.
 */
const keysIn = (dir) => {
  const file = path.join(dir, 'keys.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  const keys = {
    secretKey: `sk_test_${randomBytes(12).toString('hex')}`,
    webhookSecret: `whsec_${randomBytes(24).toString('hex')}`,
  };
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
};

/** Starts the local processor and points the portal's billing at it (env); resolves with a close(). */
const startDemoPaymentProcessor = async (env) => {
  if (env.STRIPE_SECRET_KEY || env.PAYMENTS === 'off') return { close: async () => undefined };
  const { startLocalStripe } = require('@portal/local-stripe');
  const dir = path.join(
    env.PORTAL_DATA_DIR || path.resolve(__dirname, '..', '..', '..', '.data'),
    'local-stripe',
  );
  const { secretKey, webhookSecret } = keysIn(dir);
  const processor = await startLocalStripe({
    // A fixed port by default: the portal keeps the hosted pages' addresses the processor gave it.
    port: Number(env.LOCAL_STRIPE_PORT) || 8099,
    secretKey,
    webhookSecret,
    stateFile: path.join(dir, 'state.json'),
    webhookUrl: `http://127.0.0.1:${env.PORT || 8080}/api/subscription/processorWebhook`,
  });
  Object.assign(env, {
    STRIPE_SECRET_KEY: processor.secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: processor.baseUrl,
    BILLING_TEST_CLOCKS: 'true',
  });
  console.log(`Payments: the local test processor at ${processor.baseUrl} (test cards on its checkout page)`);
  return processor;
};

module.exports = { startDemoPaymentProcessor };
