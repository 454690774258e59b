// The wire format of Stripe's v1 API: form-urlencoded bodies and query strings in bracket notation
// (`line_items[0][price]=price_x&metadata[userId]=u1&expand[]=x`), parsed into nested objects where
// numeric keys make arrays. Every value stays a string, as sent; the readers below convert and name
// the parameter in the 400 when a value does not fit.
'use strict';
const { invalid, missingParam } = require('./errors.cjs');

/** Objects under these keys are free-form maps: a numeric key there is a key, not an index. */
const FREE_FORM = new Set(['metadata']);

/** @typedef {Record<string, any>} Params */

/** @param {string} key @returns {string[]} `a[b][0]` → ['a', 'b', '0'], `a[]` → ['a', ''] */
const keyPath = (key) => {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const parts = [key.slice(0, open)];
  const re = /\[([^\]]*)\]/g;
  let match;
  while ((match = re.exec(key.slice(open)))) parts.push(match[1]);
  return parts;
};

/** Objects whose keys are all indexes become arrays, in index order (sparse indexes close up). */
const arraysOf = (/** @type {any} */ value, /** @type {string} */ name = '') => {
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  for (const k of keys) value[k] = arraysOf(value[k], k);
  if (FREE_FORM.has(name) || keys.length === 0 || !keys.every((k) => /^\d+$/.test(k))) return value;
  return keys.sort((a, b) => Number(a) - Number(b)).map((k) => value[k]);
};

/** @param {string} encoded a query string or form body @returns {Params} */
const parseForm = (encoded) => {
  /** @type {Params} */
  const root = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = keyPath(key);
    /** @type {Params} */
    let node = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      // `expand[]=a&expand[]=b`: an empty index appends.
      const slot = part === '' ? String(Object.keys(node).length) : part;
      if (last) node[slot] = value;
      else {
        if (node[slot] === null || typeof node[slot] !== 'object') node[slot] = {};
        node = node[slot];
      }
    });
  }
  return arraysOf(root);
};

/** Stripe names nested parameters as they are sent: `items[0][price]`. */
const paramName = (/** @type {(string | number)[]} */ path) =>
  path.map((p, i) => (i === 0 ? String(p) : `[${p}]`)).join('');

/**
 * Refuses parameters this processor does not know, as Stripe does: an ignored parameter would make the
 * local processor behave differently from Stripe without anyone noticing.
 * @param {Params} params @param {string[]} allowed @param {string} [prefix] where `params` sits
 *   (`subscription_data`), to name a nested parameter as sent
 */
const onlyParams = (params, allowed, prefix) => {
  for (const key of Object.keys(params)) {
    if (key === 'expand' || allowed.includes(key)) continue;
    const name = prefix ? `${prefix}[${key}]` : key;
    throw invalid(
      `Received unknown parameter: ${name} (the local processor supports: ${allowed.join(', ') || 'none'})`,
      name,
      'parameter_unknown',
    );
  }
};

/** @param {unknown} value @param {string} param @returns {string | undefined} */
const str = (value, param, required = false) => {
  if (value === undefined) {
    if (required) throw missingParam(param);
    return undefined;
  }
  if (typeof value !== 'string') throw invalid(`Invalid string: ${param}`, param);
  return value;
};

/** @param {unknown} value @param {string} param @returns {number | undefined} */
const int = (value, param, required = false) => {
  const text = str(value, param, required);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw invalid(`Invalid integer: ${text}`, param);
  return Number(text);
};

/** @param {unknown} value @param {string} param @returns {boolean | undefined} */
const bool = (value, param) => {
  const text = str(value, param);
  if (text === undefined) return undefined;
  if (text !== 'true' && text !== 'false') throw invalid(`Invalid boolean: ${text}`, param);
  return text === 'true';
};

/**
 * @template {string} T
 * @param {unknown} value @param {readonly T[]} values @param {string} param
 * @returns {T | undefined}
 */
const oneOf = (value, values, param, required = false) => {
  const text = str(value, param, required);
  if (text === undefined) return undefined;
  if (!values.includes(/** @type {T} */ (text)))
    throw invalid(`Invalid ${param}: must be one of ${values.join(', ')}`, param);
  return /** @type {T} */ (text);
};

/** @param {unknown} value @param {string} param @returns {Params} */
const obj = (value, param) => {
  if (value === undefined || value === '') return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw invalid(`Invalid object: ${param}`, param);
  return /** @type {Params} */ (value);
};

/** @param {unknown} value @param {string} param @returns {any[]} */
const list = (value, param) => {
  if (value === undefined || value === '') return [];
  if (!Array.isArray(value)) throw invalid(`Invalid array: ${param}`, param);
  return value;
};

/**
 * Stripe's metadata update: keys merge into what is there, an empty value deletes its key and an empty
 * `metadata` clears them all.
 * @param {Record<string, string>} current @param {unknown} update
 */
const mergeMetadata = (current, update) => {
  if (update === undefined) return current;
  if (update === '') return {};
  const next = { ...current };
  for (const [k, v] of Object.entries(obj(update, 'metadata'))) {
    if (typeof v !== 'string') throw invalid(`Invalid metadata value for ${k}`, `metadata[${k}]`);
    if (v === '') delete next[k];
    else next[k] = v;
  }
  return next;
};

module.exports = { bool, int, list, mergeMetadata, obj, oneOf, onlyParams, paramName, parseForm, str };
