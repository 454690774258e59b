// HTTP: Stripe's v1 routes behind the bearer key, with Stripe's idempotency (a key seen before with the
// same parameters replays the saved answer and does nothing again; with others it is a 400), the local
// test helpers under /_local, and the hosted pages (no key: a browser opens them).
'use strict';
const { ApiError, invalid } = require('./errors.cjs');
const { bool, onlyParams, parseForm, str } = require('./form.cjs');
const { checkoutPage, invoicePage, invoicePdf, messagePage, portalPage } = require('./pages.cjs');
const { payWithCard } = require('./checkout.cjs');
const { updateCard } = require('./portal.cjs');
const { expand, listPage, newId, publicCopy } = require('./store.cjs');

/** @typedef {import('./store.cjs').Ctx} Ctx */
/** @typedef {import('./store.cjs').Route} Route */
/** @typedef {import('node:http').IncomingMessage} Req */
/** @typedef {import('node:http').ServerResponse} Res */

const MAX_BODY = 1024 * 1024;
const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

/** @param {Req} req @returns {Promise<string>} */
const readBody = async (req) => {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY) throw invalid('The request body is too large.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
};

/** @param {Route[]} routes */
const compile = (routes) =>
  routes.map((route) => {
    /** @type {string[]} */
    const names = [];
    const pattern = route.path.replace(/:(\w+)/g, (_, name) => {
      names.push(name);
      return '([^/]+)';
    });
    return { ...route, regex: new RegExp(`^${pattern}$`), names };
  });

/** The secret key of `Authorization: Bearer sk_...` (or Basic `sk_...:`, as curl -u sends it). @param {Req} req */
const keyOf = (req) => {
  const header = req.headers.authorization ?? '';
  if (/^bearer /i.test(header)) return header.slice(7).trim();
  if (/^basic /i.test(header))
    return Buffer.from(header.slice(6).trim(), 'base64').toString('utf8').split(':')[0];
  return '';
};

/** @param {Ctx} ctx @param {Route[]} routes @param {{ secretKey: string }} options */
const createHandler = (ctx, routes, { secretKey }) => {
  const table = compile([...routes, ...localRoutes]);
  const saved = ctx.store.idempotency;

  /** @param {Res} res @param {number} status @param {string} body @param {Record<string, string>} [headers] */
  const send = (res, status, body, headers = {}) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': newId('req_', 14),
      'stripe-version': '2026-10-28.endive',
      ...headers,
    });
    res.end(body);
  };

  /** @param {Req} req @param {Res} res @param {URL} url */
  const api = async (req, res, url) => {
    const key = keyOf(req);
    /** @param {string} message */
    const unauthorized = (message) =>
      send(res, 401, JSON.stringify(new ApiError(401, 'invalid_request_error', message).toBody()));
    if (!key)
      return unauthorized(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    if (key !== secretKey)
      return unauthorized(
        `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
      );
    if (ctx.store.outage && url.pathname.startsWith('/v1/'))
      return send(res, 503, JSON.stringify(new ApiError(503, 'api_error', 'processor down').toBody()));
    const method = req.method ?? 'GET';
    const params = {
      ...parseForm(url.search.slice(1)),
      ...parseForm(method === 'POST' ? await readBody(req) : ''),
    };
    const idempotencyKey = method === 'POST' ? String(req.headers['idempotency-key'] ?? '') : '';
    const fingerprint = JSON.stringify([method, url.pathname, params]);
    if (idempotencyKey) {
      for (const [k, v] of saved) if (Date.now() - v.at > IDEMPOTENCY_TTL_MS) saved.delete(k);
      const earlier = saved.get(idempotencyKey);
      if (earlier && earlier.fingerprint !== fingerprint)
        return send(
          res,
          400,
          JSON.stringify(
            new ApiError(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            ).toBody(),
          ),
        );
      if (earlier)
        return send(res, earlier.status, earlier.body, {
          'idempotent-replayed': 'true',
          'idempotency-key': idempotencyKey,
        });
    }
    let status = 200;
    let body;
    ctx.request.idempotencyKey = idempotencyKey || null;
    try {
      const route = table.find((r) => r.method === method && r.regex.test(url.pathname));
      if (!route)
        throw new ApiError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${method}: ${url.pathname}).`,
        );
      const match = /** @type {RegExpExecArray} */ (route.regex.exec(url.pathname));
      /** @type {Record<string, string>} */
      const path = {};
      route.names.forEach((name, i) => (path[name] = decodeURIComponent(match[i + 1] ?? '')));
      const { expand: paths, ...rest } = params;
      body = JSON.stringify(
        expand(ctx.store, publicCopy(route.handle(ctx, { params: rest, path })), paths),
        null,
        2,
      );
    } catch (err) {
      const error =
        err instanceof ApiError
          ? err
          : new ApiError(500, 'api_error', `local-stripe: ${err instanceof Error ? err.message : err}`);
      if (!(err instanceof ApiError)) console.error('local-stripe:', err);
      status = error.status;
      body = JSON.stringify(error.toBody(), null, 2);
    } finally {
      ctx.webhooks.flush();
      ctx.request.idempotencyKey = null;
    }
    // Stripe saves what an endpoint did (successes, declines), not requests refused before running.
    if (idempotencyKey && (status < 300 || status === 402))
      saved.set(idempotencyKey, { fingerprint, status, body, at: Date.now() });
    if (method !== 'GET') ctx.changed();
    send(res, status, body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
  };

  /** @param {Res} res @param {number} status @param {string} html */
  const html = (res, status, html) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  };

  /** The hosted pages. @param {Req} req @param {Res} res @param {URL} url */
  const page = async (req, res, url) => {
    const [, kind, id, extra] = /^\/(c\/pay|p\/session|i)\/([^/]+)(\/pdf)?$/.exec(url.pathname) ?? [];
    const type = { 'c/pay': 'checkout.session', 'p/session': 'billing_portal.session', i: 'invoice' }[
      kind ?? ''
    ];
    const object = type ? ctx.store.find(id, type) : undefined;
    if (!object) return html(res, 404, messagePage('Not found', 'There is no such page.'));
    if (type === 'invoice')
      return extra
        ? (res.writeHead(200, { 'content-type': 'application/pdf' }), res.end(invoicePdf(object)))
        : html(res, 200, invoicePage(ctx, object));
    const render = type === 'checkout.session' ? checkoutPage : portalPage;
    if (req.method !== 'POST') return html(res, 200, render(ctx, object));
    const card = new URLSearchParams(await readBody(req)).get('cardNumber') ?? '';
    if (type === 'checkout.session' && object.status !== 'open') return html(res, 200, render(ctx, object));
    let outcome;
    try {
      outcome = type === 'checkout.session' ? payWithCard(ctx, object, card) : updateCard(ctx, object, card);
    } finally {
      ctx.webhooks.flush();
      ctx.changed();
    }
    if ('error' in outcome) return html(res, 402, render(ctx, object, outcome.error));
    if (!outcome.redirect) return html(res, 200, messagePage('Card saved', 'Your card was saved.'));
    res.writeHead(303, { location: outcome.redirect });
    res.end();
  };

  /** @param {Req} req @param {Res} res */
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const work = /^\/(v1|_local)\//.test(url.pathname) ? api(req, res, url) : page(req, res, url);
    work.catch((err) => {
      if (!res.headersSent)
        send(
          res,
          err instanceof ApiError ? err.status : 500,
          JSON.stringify(
            (err instanceof ApiError ? err : new ApiError(500, 'api_error', String(err))).toBody(),
          ),
        );
      else res.destroy();
    });
  };
};

/** Stripe's events, and the test helpers that are not Stripe's (same bearer key). @type {Route[]} */
const localRoutes = [
  { method: 'GET', path: '/v1/events/:id', handle: (ctx, { path }) => ctx.store.get(path.id, 'event') },
  {
    method: 'GET',
    path: '/v1/events',
    handle: (ctx, { params }) => {
      onlyParams(params, ['type', 'limit', 'starting_after', 'ending_before']);
      const type = str(params.type, 'type');
      const events = ctx.store.all('event').filter((e) => !type || e.type === type);
      return listPage([...events].reverse(), params, '/v1/events');
    },
  },
  {
    method: 'POST',
    path: '/_local/outage',
    handle: (ctx, { params }) => {
      onlyParams(params, ['down']);
      const down = bool(params.down, 'down');
      if (down === undefined) throw invalid('Missing required param: down.', 'down');
      ctx.store.outage = down;
      return { object: 'local.outage', down };
    },
  },
  {
    method: 'GET',
    path: '/_local/events',
    handle: (ctx) => ({
      object: 'list',
      data: [...ctx.store.all('event')].reverse().map((e) => ({ ...e, local_delivery: e._delivery ?? null })),
      has_more: false,
      url: '/_local/events',
    }),
  },
  {
    method: 'POST',
    path: '/_local/events/:id/resend',
    handle: (ctx, { path }) => {
      const event = ctx.store.get(path.id, 'event');
      ctx.webhooks.resend(event);
      return event;
    },
  },
];

module.exports = { createHandler };
