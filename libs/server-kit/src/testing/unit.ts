import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { EventPayloads, EventType } from '@portal/contracts';
import type { AuditFields, Caller } from '../audit/audit';
import type { UseCaseKit } from '../context.module';
import type { Tx } from '../database/data-source';

/** A caller for unit specs: a signed-in user at a fixed address and request id. */
export const testCaller = (userId: string | null = 'user-1'): Caller => ({
  userId,
  ip: '203.0.113.7',
  requestId: 'req-1',
});

/** A connection that refuses SQL: a use case under a unit spec must reach the database only through stubbed repositories. */
const refusingSql = (name: string) => {
  const refuse = (method: string) => () => {
    throw new Error(`a unit spec reached the database (${name}.${method}): stub the repository instead`);
  };
  return {
    query: refuse('query'),
    getRepository: refuse('getRepository'),
    createQueryBuilder: refuse('createQueryBuilder'),
  } as unknown as Tx;
};

/**
 * The UseCaseKit of a unit spec: transactions run the work at once with a transaction that refuses SQL;
 * events and audit rows recorded in a transaction that commits are kept, those of one that throws are
 * dropped, as PostgreSQL would.
 */
export const fakeUseCaseKit = () => {
  const committed = {
    events: [] as Array<{ type: EventType; payload: unknown }>,
    audit: [] as Array<AuditFields & { caller: Caller }>,
    transactions: 0,
  };
  let pending: { events: typeof committed.events; audit: typeof committed.audit } | null = null;
  // Outside a transaction (kit.db) a write commits at once; events are never written that way.
  const target = (tx: unknown, what: 'events' | 'audit') => {
    if (pending) return pending;
    if (tx === db && what === 'audit') return committed;
    throw new Error(`${what} recorded outside a transaction`);
  };
  const db = refusingSql('db');
  const tx = refusingSql('tx');
  const kit: UseCaseKit = {
    db,
    transaction: async (work) => {
      pending = { events: [], audit: [] };
      try {
        const result = await work(tx);
        committed.events.push(...pending.events);
        committed.audit.push(...pending.audit);
        committed.transactions += 1;
        return result;
      } finally {
        pending = null;
      }
    },
    events: {
      record: async <T extends EventType>(_tx: Tx, type: T, payload: EventPayloads[T]) => {
        target(_tx, 'events').events.push({ type, payload });
        return `event-${committed.events.length + 1}`;
      },
    },
    audit: {
      record: async (tx, caller, fields) => {
        target(tx, 'audit').audit.push({ ...fields, caller });
      },
    },
  };
  return {
    kit,
    /** The transaction every `kit.transaction` hands its work: repository stubs are called with it. */
    tx,
    events: committed.events,
    audit: committed.audit,
    get transactions() {
      return committed.transactions;
    },
  };
};

/**
 * A typed stand-in for a repository or service: the methods given answer, any other method called
 * fails the spec by name, so a spec states exactly what the use case may touch.
 */
export const stub = <T extends object>(methods: Partial<T>, name = 'stub'): T =>
  new Proxy(methods as T, {
    get: (target, prop) => {
      if (prop in target) return (target as Record<string | symbol, unknown>)[prop];
      if (prop === 'then' || typeof prop === 'symbol') return undefined;
      return () => {
        throw new Error(`${name}.${String(prop)} was called but the spec did not stub it`);
      };
    },
  });

/** A blob store's withLocalFile for unit specs: the bytes in a temporary file while `read` runs. */
export const localFileOf =
  (bytes: Buffer) =>
  async <T>(_key: string, read: (file: string) => Promise<T>): Promise<T> => {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'blob-'));
    try {
      const file = path.join(dir, 'object');
      await fs.promises.writeFile(file, bytes);
      return await read(file);
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  };
