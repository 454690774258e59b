// The processor's state, in memory: every object by id, in creation order, plus what the modules share
// (the time an object lives on, lists as Stripe pages them, expansion, previous_attributes). Objects are
// kept in their public shape; keys starting with `_` are the processor's own notes and never leave it.
'use strict';
const { randomBytes } = require('node:crypto');
const { invalid, notFound } = require('./errors.cjs');
const { int, list, str } = require('./form.cjs');

/** @typedef {Record<string, any>} StripeObject */
/** @typedef {'succeeded' | 'failed'} Settlement */
/** @typedef {{ fingerprint: string, status: number, body: string, at: number }} IdempotencyRecord */
/**
 * What every module works with: the state, the events, the settings and the request being answered.
 * @typedef {object} Ctx
 * @property {Store} store
 * @property {import('./webhooks.cjs').Webhooks} webhooks
 * @property {{ publicUrl: string }} settings
 * @property {{ idempotencyKey: string | null }} request
 * @property {() => void} changed the state changed (saved soon, when there is a state file)
 * @property {Array<(ctx: Ctx, intent: StripeObject, outcome: Settlement) => void>} settleHandlers what
 *   hangs on a processing payment (an invoice, a checkout session) hears how it settled
 */
/** @typedef {{ params: Record<string, any>, path: Record<string, string> }} ApiRequest */
/**
 * An API route: `path` with `:name` parts; `handle` answers the object (expanded and copied by the server).
 * @typedef {{ method: 'GET' | 'POST' | 'DELETE', path: string, handle: (ctx: Ctx, req: ApiRequest) => StripeObject }} Route
 */

const DAY = 86_400;
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Seconds since the epoch, as every Stripe timestamp. */
const realNow = () => Math.floor(Date.now() / 1000);

/** Stripe-looking ids: a type prefix and random letters (`cus_Q3x...`). */
const newId = (/** @type {string} */ prefix, length = 24) =>
  prefix + Array.from(randomBytes(length), (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');

/**
 * One calendar month later, the day clamped to the month's length (Jan 31 → Feb 28/29 → Mar 31): counted
 * from the anchor each time so that a short month does not pull every later period in.
 * @param {number} anchor unix seconds @param {number} months
 */
const addMonths = (anchor, months) => {
  const d = new Date(anchor * 1000);
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
};

/** A deep copy without the processor's `_` notes: what an answer or an event carries. */
const publicCopy = (/** @type {unknown} */ value) =>
  value === undefined
    ? undefined
    : JSON.parse(JSON.stringify(value, (key, v) => (key.startsWith('_') ? undefined : v)));

/**
 * Stripe's previous_attributes: the top-level fields whose values changed, as they were before.
 * @param {StripeObject} before @param {StripeObject} after
 */
const previousAttributes = (before, after) => {
  /** @type {StripeObject} */
  const previous = {};
  for (const key of Object.keys(before))
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key];
  return previous;
};

class Store {
  constructor() {
    /** @type {Map<string, StripeObject>} */
    this.byId = new Map();
    /** @type {Map<string, StripeObject[]>} objects of each type, oldest first */
    this.byType = new Map();
    this.invoiceNumber = 0;
    /**
     * What idempotent requests answered, by Idempotency-Key (kept 24 hours).
     * @type {Map<string, IdempotencyRecord>}
     */
    this.idempotency = new Map();
    /** Down: every /v1 call answers 503 (POST /_local/outage). */
    this.outage = false;
  }

  /** @param {StripeObject} object @returns {StripeObject} */
  add(object) {
    this.byId.set(object.id, object);
    const all = this.byType.get(object.object) ?? [];
    all.push(object);
    this.byType.set(object.object, all);
    return object;
  }

  /** @param {string} type @returns {StripeObject[]} oldest first */
  all(type) {
    return this.byType.get(type) ?? [];
  }

  /** @param {unknown} id @param {string} [type] */
  find(id, type) {
    const found = typeof id === 'string' ? this.byId.get(id) : undefined;
    return found && (!type || found.object === type) ? found : undefined;
  }

  /**
   * The object or Stripe's 404 (`No such customer: 'cus_x'`).
   * @param {unknown} id @param {string} type @param {string} [param]
   */
  get(id, type, param = 'id') {
    const found = this.find(id, type);
    if (!found || found._deleted)
      throw notFound(type.replace(/^.*\./, '').replace(/_/g, ' '), String(id), param);
    return found;
  }

  /** The test clock a customer lives on, if any. @param {unknown} customerId */
  clockOf(customerId) {
    const customer = this.find(customerId, 'customer');
    return customer?.test_clock ? this.find(customer.test_clock, 'test_helpers.test_clock') : undefined;
  }

  /**
   * Now, for the objects of this customer: its test clock's frozen time, or real time.
   * @param {unknown} customerId
   */
  now(customerId) {
    return this.clockOf(customerId)?.frozen_time ?? realNow();
  }

  nextInvoiceNumber() {
    this.invoiceNumber += 1;
    return `LOCAL-${String(this.invoiceNumber).padStart(4, '0')}`;
  }
}

/**
 * Stripe's list page: newest first, `limit` (default 10, at most 100), `starting_after` / `ending_before`.
 * @param {StripeObject[]} items newest first @param {Record<string, any>} params @param {string} url
 */
const listPage = (items, params, url) => {
  const limit = int(params.limit, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalid('limit must be between 1 and 100', 'limit');
  let start = 0;
  let end = items.length;
  const after = str(params.starting_after, 'starting_after');
  const before = str(params.ending_before, 'ending_before');
  if (after !== undefined) {
    start = items.findIndex((i) => i.id === after) + 1;
    if (start === 0) throw invalid(`No such object: '${after}'`, 'starting_after', 'resource_missing');
  } else if (before !== undefined) {
    end = items.findIndex((i) => i.id === before);
    if (end < 0) throw invalid(`No such object: '${before}'`, 'ending_before', 'resource_missing');
    start = Math.max(0, end - limit);
  }
  const data = items.slice(start, Math.min(end, start + limit));
  return {
    object: 'list',
    data,
    has_more: start + data.length < end || (before !== undefined && start > 0),
    url,
  };
};

/**
 * `expand[]`: each dotted path names a field holding an id, replaced by the object. Lists are walked
 * through `data` (`data.customer` on a list page).
 * @param {Store} store @param {StripeObject} body a public copy, changed in place @param {unknown} paths
 */
const expand = (store, body, paths) => {
  /** @param {any} node @param {string[]} path @param {string} full */
  const walk = (node, path, full) => {
    if (node === null || typeof node !== 'object') return;
    const [field, ...rest] = path;
    if (node.object === 'list' && field === 'data') {
      for (const item of node.data) walk(item, rest, full);
      return;
    }
    const refused = () => invalid(`This property cannot be expanded (${full}).`, 'expand');
    if (!(field in node)) throw refused();
    const value = node[field];
    if (typeof value === 'string') {
      const target = store.find(value);
      if (!target) throw refused();
      node[field] = publicCopy(target);
    } else if (!rest.length && value !== null && !(typeof value === 'object' && value.id && value.object)) {
      // Only ids expand (or what an earlier path expanded already): `items`, a list, does not.
      throw refused();
    }
    if (rest.length) walk(node[field], rest, full);
  };
  for (const path of list(paths, 'expand')) walk(body, String(path).split('.'), String(path));
  return body;
};

module.exports = {
  DAY,
  Store,
  addMonths,
  expand,
  listPage,
  newId,
  previousAttributes,
  publicCopy,
  realNow,
};
