import { Client } from 'pg';

const isReadTimeout = (err: unknown): boolean => (err as Error | null)?.message === 'Query read timeout';

/**
 * Cuts the connection of a client whose statement got no answer in time. pg's query_timeout fails the
 * query but keeps the connection, with the statement still in flight: handed back to the pool it would
 * block the next caller behind a frozen server, or carry a half-done transaction into the next one.
 * Cut, it errors out, TypeORM releases it with that error and the pool drops it.
 */
const cut = (client: Client): void => {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
};

/** The pg client of every context pool (TypeORM passes `extra.Client` to pg-pool). */
export class BoundedClient extends Client {}

const query = Client.prototype.query as (this: Client, ...args: unknown[]) => unknown;

// Assigned rather than declared as a method: pg's query has a dozen overloads that an override would
// have to repeat; this sees every form (promise, callback, submittable) the same way.
(BoundedClient.prototype as unknown as { query: typeof query }).query = function (
  this: Client,
  ...args: unknown[]
): unknown {
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    args[last] = (err: unknown, res: unknown) => {
      if (isReadTimeout(err)) cut(this);
      (callback as (e: unknown, r: unknown) => void)(err, res);
    };
    return query.apply(this, args);
  }
  const result = query.apply(this, args);
  if (result instanceof Promise) {
    return result.catch((err: unknown) => {
      if (isReadTimeout(err)) cut(this);
      throw err;
    });
  }
  return result;
};
