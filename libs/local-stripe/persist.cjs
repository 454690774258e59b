// The processor's state in a file (the `stateFile` option), for `npm start`: the portal keeps its database
// across restarts, and the ids it holds (cus_..., sub_..., in_...) must still be known to the processor.
// Read once at start; written again soon after every change (one write at a time, the changes made while
// it runs in the next one), to `<file>.tmp` first and then renamed over the file, so that a crash leaves
// the old state or the new one, never half of one. Objects are saved as they are, `_` notes included.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { Store } = require('./store.cjs');

/** @typedef {import('./store.cjs').StripeObject} StripeObject */
/** @typedef {import('./store.cjs').IdempotencyRecord} IdempotencyRecord */
/**
 * What a state file holds.
 * @typedef {object} SavedState
 * @property {string} format FORMAT
 * @property {number} version VERSION
 * @property {number} savedAt ms since the epoch
 * @property {string} publicUrl the base of the hosted pages' URLs the objects carry
 * @property {number} invoiceNumber the last invoice number given (LOCAL-0001, ...)
 * @property {StripeObject[]} objects every object, events included, in creation order
 * @property {[string, IdempotencyRecord][]} idempotency what idempotent requests answered
 * @property {string[]} waiting the events waiting for delivery, in order
 */
/** @typedef {{ store: Store, publicUrl: string, waiting: StripeObject[] }} LoadedState */

const FORMAT = 'local-stripe-state';
const VERSION = 1;
// What is reachable more than once (a price in a subscription's items and in the store) is written once
// with an id and referred to after; read, it is one object again.
const ID = '$localStripeId';
const REF = '$localStripeRef';
const ITEMS = '$localStripeItems';

/** JSON of a graph: shared objects and arrays written once. @param {unknown} value */
const encode = (value) => {
  /** @type {Map<object, number>} */
  const seen = new Map();
  /** @param {unknown} node */
  const count = (node) => {
    if (node === null || typeof node !== 'object') return;
    const n = seen.get(node) ?? 0;
    seen.set(node, n + 1);
    if (n === 0) for (const child of Object.values(node)) count(child);
  };
  count(value);
  /** @type {Map<object, number>} */
  const ids = new Map();
  return JSON.stringify(value, (_key, /** @type {unknown} */ node) => {
    if (node === null || typeof node !== 'object' || (seen.get(node) ?? 0) < 2) return node;
    const id = ids.get(node);
    if (id !== undefined) return { [REF]: id };
    ids.set(node, ids.size);
    // Copies, seen once: their contents are written as usual.
    return Array.isArray(node) ? { [ID]: ids.size - 1, [ITEMS]: [...node] } : { [ID]: ids.size - 1, ...node };
  });
};

/** The graph `encode` wrote. @param {unknown} root parsed JSON, changed in place */
const decode = (root) => {
  /** @type {Map<number, object>} */
  const targets = new Map();
  /** @type {[Record<string, any>, string, number][]} */
  const refs = [];
  /** @param {Record<string, any>} holder @param {string} key */
  const visit = (holder, key) => {
    let node = holder[key];
    if (node === null || typeof node !== 'object') return;
    if (!Array.isArray(node) && typeof node[REF] === 'number') {
      refs.push([holder, key, node[REF]]);
      return;
    }
    if (!Array.isArray(node) && typeof node[ID] === 'number') {
      const id = node[ID];
      if (Array.isArray(node[ITEMS])) node = node[ITEMS];
      else delete node[ID];
      holder[key] = node;
      targets.set(id, node);
    }
    for (const child of Object.keys(node)) visit(node, child);
  };
  const box = { root };
  visit(box, 'root');
  for (const [holder, key, id] of refs) {
    if (!targets.has(id)) throw new Error(`a reference to nothing (${id})`);
    holder[key] = targets.get(id);
  }
  return box.root;
};

/**
 * The file's text for the state now.
 * @param {Store} store @param {{ publicUrl: string, waiting: string[] }} extra
 */
const serialize = (store, { publicUrl, waiting }) =>
  encode(
    /** @type {SavedState} */ ({
      format: FORMAT,
      version: VERSION,
      savedAt: Date.now(),
      publicUrl,
      invoiceNumber: store.invoiceNumber,
      objects: [...store.byId.values()],
      idempotency: [...store.idempotency],
      waiting,
    }),
  );

/** @param {boolean} ok @param {string} what */
const check = (ok, what) => {
  if (!ok) throw new Error(what);
};

/**
 * A store with what the text holds (not `outage`: a restart is up); throws when it is no state file.
 * @param {string} text @returns {LoadedState}
 */
const deserialize = (text) => {
  const state = /** @type {SavedState} */ (decode(JSON.parse(text)));
  check(state !== null && typeof state === 'object' && state.format === FORMAT, 'not a state file');
  check(state.version === VERSION, `version ${state.version}, not ${VERSION}`);
  check(Array.isArray(state.objects) && Array.isArray(state.idempotency), 'no objects');
  check(Number.isInteger(state.invoiceNumber) && state.invoiceNumber >= 0, 'no invoice number');
  const store = new Store();
  for (const object of state.objects) {
    check(typeof object?.id === 'string' && typeof object.object === 'string', 'an object without id');
    check(!store.byId.has(object.id), `${object.id} twice`);
    store.add(object);
  }
  store.invoiceNumber = state.invoiceNumber;
  for (const [key, record] of state.idempotency) store.idempotency.set(key, record);
  // Advances finish before the answer (and the save): a clock is never saved in the middle of one.
  for (const clock of store.all('test_helpers.test_clock')) clock.status = 'ready';
  const waiting = (Array.isArray(state.waiting) ? state.waiting : [])
    .map((id) => store.find(id, 'event'))
    .filter((event) => event !== undefined);
  return { store, publicUrl: typeof state.publicUrl === 'string' ? state.publicUrl : '', waiting };
};

/**
 * The state saved in `file`; undefined when there is none yet, or when it cannot be read (said in one
 * line: the processor starts empty rather than not at all).
 * @param {string} file @returns {LoadedState | undefined}
 */
const loadState = (file) => {
  try {
    return deserialize(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    if (/** @type {NodeJS.ErrnoException} */ (err).code !== 'ENOENT')
      console.error(
        `local-stripe: cannot read the state file ${file} (${err instanceof Error ? err.message : err}); starting empty`,
      );
    return undefined;
  }
};

/**
 * The hosted pages' URLs the objects carry, moved to where the pages are now (the port may change
 * between starts). @param {Store} store @param {string} from @param {string} to
 */
const movePublicUrl = (store, from, to) => {
  if (!from || from === to) return;
  const prefix = `${from}/`;
  /** @type {Set<object>} */
  const seen = new Set();
  /** @param {Record<string, any>} node */
  const visit = (node) => {
    if (seen.has(node)) return;
    seen.add(node);
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string' && value.startsWith(prefix)) node[key] = to + value.slice(from.length);
      else if (value !== null && typeof value === 'object') visit(value);
    }
  };
  for (const object of store.byId.values()) visit(object);
};

/**
 * Writes the state after changes: `schedule()` after each; at most one write runs, and the changes made
 * meanwhile are written by one more after it. `flush()` resolves when everything is written.
 * @param {string} file @param {() => string} snapshot the text to write, taken when a write starts
 */
const createSaver = (file, snapshot) => {
  let dirty = false;
  /** @type {Promise<void> | null} */
  let writing = null;
  /** @type {NodeJS.Immediate | null} */
  let soon = null;

  const write = async () => {
    dirty = false;
    const text = snapshot();
    const tmp = `${file}.tmp`;
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const handle = await fs.promises.open(tmp, 'w');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(tmp, file);
  };
  const run = () => {
    soon = null;
    if (writing || !dirty) return;
    writing = write()
      .catch((err) =>
        console.error(
          `local-stripe: cannot save the state to ${file}: ${err instanceof Error ? err.message : err}`,
        ),
      )
      .finally(() => {
        writing = null;
        run();
      });
  };

  return {
    schedule: () => {
      dirty = true;
      // The changes of this turn of the event loop together, in one write.
      if (!soon && !writing) soon = setImmediate(run);
    },
    flush: async () => {
      while (dirty || writing) {
        if (soon) clearImmediate(soon);
        run();
        await writing;
      }
    },
  };
};

module.exports = { createSaver, decode, deserialize, encode, loadState, movePublicUrl, serialize };
