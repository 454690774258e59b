// Time: Stripe's test clocks and the work that falls due as time passes (renewals, payment retries,
// cancellations at period end, settlement of processing payments, expiring sessions). Objects of a
// customer on a test clock live on its frozen time and move only when it is advanced; the others on real
// time, checked every 2 seconds. Due work runs in time order, each at its own moment, so the events of
// an advance by three months come out as they would have over those months.
'use strict';
const { invalid } = require('./errors.cjs');
const { int, onlyParams, str } = require('./form.cjs');
const { expireSession } = require('./checkout.cjs');
const { attemptPayment, paymentProcessing } = require('./invoices.cjs');
const { settleIntent } = require('./payments.cjs');
const { dueOf } = require('./subscriptions.cjs');
const { DAY, newId, realNow } = require('./store.cjs');

/** @typedef {import('./store.cjs').Ctx} Ctx */
/** @typedef {import('./store.cjs').StripeObject} StripeObject */
/** @typedef {{ at: number, key: string, run: () => void }} Task */

/** Far more steps than months of renewals and retries need; a bug that loops stops here. */
const MAX_STEPS = 10_000;

/**
 * The work of the objects on one clock (`null`: real time), whenever it falls due.
 * @param {Ctx} ctx @param {string | null} clockId @returns {Task[]}
 */
const tasksOf = (ctx, clockId) => {
  const { store } = ctx;
  /** @param {unknown} customerId */
  const here = (customerId) => {
    const customer = store.find(customerId, 'customer');
    if (customer?._deleted) return false;
    return (customer?.test_clock ?? null) === clockId;
  };
  /** @type {Task[]} */
  const tasks = [];
  for (const sub of store.all('subscription')) {
    const due = here(sub.customer) && dueOf(ctx, sub);
    if (due) tasks.push({ ...due, key: `${sub.id}:${sub.status}:${due.at}` });
  }
  for (const invoice of store.all('invoice'))
    if (
      invoice.status === 'open' &&
      invoice.next_payment_attempt !== null &&
      here(invoice.customer) &&
      !paymentProcessing(ctx, invoice)
    )
      tasks.push({
        at: invoice.next_payment_attempt,
        key: `${invoice.id}:${invoice.attempt_count}`,
        run: () => attemptPayment(ctx, invoice, { automatic: true }),
      });
  for (const intent of store.all('payment_intent'))
    if (intent.status === 'processing' && here(intent.customer))
      tasks.push({
        at: intent._settle_at,
        key: intent.id,
        run: () => settleIntent(ctx, intent, 'succeeded'),
      });
  for (const session of store.all('checkout.session'))
    if (session.status === 'open' && here(session.customer))
      tasks.push({ at: session.expires_at, key: session.id, run: () => expireSession(ctx, session) });
  return tasks;
};

/**
 * Runs what is due up to `until`, earliest first; on a test clock its frozen time steps to each task's
 * moment first (that is the `created` of the events it sends).
 * @param {Ctx} ctx @param {StripeObject | null} clock @param {number} until
 * @returns {number} how many tasks ran
 */
const runDue = (ctx, clock, until) => {
  let previous = '';
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const due = tasksOf(ctx, clock?.id ?? null).filter((t) => t.at <= until);
    if (!due.length) return step;
    const task = due.reduce((a, b) => (b.at < a.at ? b : a));
    const key = `${task.key}@${task.at}`;
    if (key === previous) throw new Error(`local-stripe: task ${key} did not move on`);
    previous = key;
    if (clock) clock.frozen_time = Math.max(clock.frozen_time, task.at);
    ctx.request.idempotencyKey = null;
    try {
      task.run();
    } finally {
      ctx.webhooks.flush();
    }
  }
  throw new Error(`local-stripe: more than ${MAX_STEPS} due tasks at once`);
};

/**
 * Real time's work, every 2 s (a tick that ran something is a change to save).
 * @param {Ctx} ctx @param {(err: unknown) => void} onError
 */
const startTicker = (ctx, onError) => {
  const timer = setInterval(() => {
    try {
      if (runDue(ctx, null, realNow())) ctx.changed();
    } catch (err) {
      ctx.changed(); // what ran before the failure stays done
      onError(err);
    }
  }, 2000);
  timer.unref();
  return () => clearInterval(timer);
};

/** @param {Ctx} ctx @param {string} id */
const clockOf = (ctx, id) => ctx.store.get(id, 'test_helpers.test_clock');

/** @type {import('./store.cjs').Route[]} */
const routes = [
  {
    method: 'POST',
    path: '/v1/test_helpers/test_clocks',
    handle: (ctx, { params }) => {
      onlyParams(params, ['frozen_time', 'name']);
      const frozenTime = int(params.frozen_time, 'frozen_time', true) ?? 0;
      const now = realNow();
      return ctx.store.add({
        id: newId('clock_'),
        object: 'test_helpers.test_clock',
        created: now,
        deletes_after: now + 30 * DAY,
        frozen_time: frozenTime,
        livemode: false,
        name: str(params.name, 'name') ?? null,
        status: 'ready',
        status_details: {},
      });
    },
  },
  {
    method: 'GET',
    path: '/v1/test_helpers/test_clocks/:id',
    handle: (ctx, { path }) => clockOf(ctx, path.id),
  },
  {
    method: 'POST',
    path: '/v1/test_helpers/test_clocks/:id/advance',
    handle: (ctx, { params, path }) => {
      onlyParams(params, ['frozen_time']);
      const clock = clockOf(ctx, path.id);
      const target = int(params.frozen_time, 'frozen_time', true) ?? 0;
      if (target <= clock.frozen_time)
        throw invalid("The frozen_time must be later than the clock's current frozen_time.", 'frozen_time');
      // The work is done before answering, so the clock is `ready` at once (Stripe's may be `advancing`
      // for a while: callers that poll until `ready` work with both).
      clock.status = 'advancing';
      try {
        runDue(ctx, clock, target);
        clock.frozen_time = target;
      } finally {
        clock.status = 'ready';
      }
      return clock;
    },
  },
  {
    method: 'DELETE',
    path: '/v1/test_helpers/test_clocks/:id',
    handle: (ctx, { path }) => {
      const clock = clockOf(ctx, path.id);
      // As on Stripe, what lives on the clock goes with it.
      for (const customer of ctx.store.all('customer'))
        if (customer.test_clock === clock.id) customer._deleted = true;
      clock._deleted = true;
      return { id: clock.id, object: 'test_helpers.test_clock', deleted: true };
    },
  },
];

module.exports = { routes, runDue, startTicker };
