import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { EventEnvelope, EventPayloads } from '@portal/contracts';
import {
  contextToken,
  createPlatformTables,
  defineContext,
  EVENT_BUS,
  type EventFold,
  type ContextKit,
  type EventBus,
} from '@portal/server-kit';
import { startTestApp, type TestApp } from '@portal/server-kit/testing';

class EvTestInit1700000000000 implements MigrationInterface {
  name = 'EvTestInit1700000000000';
  async up(q: QueryRunner) {
    await createPlatformTables(q, 'evtest');
    await q.query(`CREATE TABLE evtest.applied (event_id uuid NOT NULL, user_id text NOT NULL)`);
  }
  async down() {}
}

const TestContext = defineContext({
  name: 'evtest',
  entities: [],
  migrations: [EvTestInit1700000000000],
  controllers: [],
  providers: [],
});

const event = (id: string): EventEnvelope<'auth.user-registered'> => ({
  id,
  type: 'auth.user-registered',
  source: 'test',
  occurredAt: new Date().toISOString(),
  sequence: 1,
  payload: {
    userId: 'u1',
    email: 'a@example.com',
    firstName: 'A',
    lastName: 'B',
    roles: ['PATIENT'],
    emailVerified: false,
  },
});

describe('transactional outbox and idempotent consumers', () => {
  let t: TestApp;
  let kit: ContextKit;
  const published: EventEnvelope[] = [];

  beforeAll(async () => {
    t = await startTestApp([TestContext]);
    kit = t.app.get(contextToken('evtest'));
    await t.app
      .get<EventBus>(EVENT_BUS)
      .subscribe('spy', ['auth.user-registered'], async (e) => void published.push(e));
  });
  afterAll(() => t?.close());

  it('never publishes an event written in a transaction that rolls back', async () => {
    await expect(
      kit.events.transaction(async (tx) => {
        await kit.events.record(
          tx,
          'auth.user-registered',
          event('00000000-0000-4000-8000-000000000001').payload,
        );
        throw new Error('business rule failed after the event was written');
      }),
    ).rejects.toThrow('business rule failed');
    await kit.events.relay();
    const [{ n }] = await kit.ds.query(`SELECT count(*)::int AS n FROM evtest.outbox`);
    expect(n).toBe(0);
    expect(published).toHaveLength(0);
  });

  it('publishes a committed event once, after commit', async () => {
    const id = await kit.events.transaction((tx) =>
      kit.events.record(tx, 'auth.user-registered', event('x').payload),
    );
    await kit.events.relay();
    await kit.events.relay();
    await waitFor(() => published.some((e) => e.id === id));
    // The background relay may hold the row; wait for its commit of published_at.
    const publishedAt = async () =>
      (await kit.ds.query(`SELECT published_at FROM evtest.outbox WHERE id = $1`, [id]))[0].published_at;
    for (let i = 0; i < 100 && !(await publishedAt()); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await publishedAt()).not.toBeNull();
    expect(published.filter((e) => e.id === id)).toHaveLength(1);
  });

  it('applies an event seen twice only once', async () => {
    const e = event('00000000-0000-4000-8000-000000000002');
    const apply = (ev: EventEnvelope<'auth.user-registered'>) =>
      kit.events.applyOnce('test.consumer', ev, async (x, tx) => {
        await tx.query(`INSERT INTO evtest.applied (event_id, user_id) VALUES ($1, $2)`, [
          x.id,
          x.payload.userId,
        ]);
      });
    expect(await apply(e)).toBe(true);
    expect(await apply(e)).toBe(false);
    const [{ n }] = await kit.ds.query(`SELECT count(*)::int AS n FROM evtest.applied WHERE event_id = $1`, [
      e.id,
    ]);
    expect(n).toBe(1);
  });

  it('wakes the relay after a commit that wrote an event, and not after one that wrote none', async () => {
    // The timer's wakes are held off, so every wake counted here is a commit's.
    kit.events.stopRelay();
    const wake = jest.spyOn(kit.events, 'kick');
    try {
      await kit.events.transaction((tx) => tx.query(`SELECT 1`));
      await kit.events.applyOnce('test.quiet', event('00000000-0000-4000-8000-000000000004'), async () => {});
      expect(wake).not.toHaveBeenCalled();
      await kit.events.transaction((tx) => kit.events.record(tx, 'auth.user-registered', event('y').payload));
      expect(wake).toHaveBeenCalledTimes(1);
      await kit.events.applyOnce('test.loud', event('00000000-0000-4000-8000-000000000005'), (_, tx) =>
        kit.events.record(tx, 'auth.user-registered', event('z').payload).then(() => undefined),
      );
      expect(wake).toHaveBeenCalledTimes(2);
    } finally {
      wake.mockRestore();
      kit.events.startRelay();
    }
  });

  it('leaves no processed mark when the handler fails, so a redelivery applies it', async () => {
    const e = event('00000000-0000-4000-8000-000000000003');
    await expect(
      kit.events.applyOnce('test.consumer', e, async () => Promise.reject(new Error('down'))),
    ).rejects.toThrow('down');
    expect(await kit.events.applyOnce('test.consumer', e, async () => undefined)).toBe(true);
  });

  it('folds an event into an unpublished one of its type and key, never across another type or a published one', async () => {
    // The background relay is held off, so what is unpublished stays so until this test relays.
    kit.events.stopRelay();
    try {
      type Registered = EventPayloads['auth.user-registered'];
      const fold = (p: Registered): EventFold<'auth.user-registered'> => ({
        key: { userId: p.userId },
        merge: (a, b) => (b.email.startsWith('apart') ? null : { ...b, roles: [...a.roles, ...b.roles] }),
      });
      const registered = (userId: string, email: string, role: Registered['roles'][number]): Registered => ({
        ...event('x').payload,
        userId,
        email,
        roles: [role],
      });
      const record = (p: Registered) =>
        kit.events.transaction((tx) => kit.events.record(tx, 'auth.user-registered', p, fold(p)));
      const payloadOf = async (id: string) =>
        (await kit.ds.query(`SELECT payload FROM evtest.outbox WHERE id = $1`, [id]))[0].payload;

      const first = await record(registered('fold-1', 'a@example.com', 'PATIENT'));
      expect(await record(registered('fold-1', 'b@example.com', 'PROVIDER'))).toBe(first);
      expect(await payloadOf(first)).toMatchObject({
        email: 'b@example.com',
        roles: ['PATIENT', 'PROVIDER'],
      });
      const other = await record(registered('fold-2', 'c@example.com', 'PATIENT'));
      expect(other).not.toBe(first);
      // The fold says they cannot be one: recorded apart, the earlier left as it was.
      expect(await record(registered('fold-1', 'apart@example.com', 'PATIENT'))).not.toBe(first);
      expect(await payloadOf(first)).toMatchObject({ email: 'b@example.com' });
      // An event of another type after it: folding would move fold-2's news before it.
      await kit.events.transaction((tx) =>
        kit.events.record(tx, 'auth.account-removed', { userId: 'fold-3', personId: 'p3' }),
      );
      expect(await record(registered('fold-2', 'd@example.com', 'PATIENT'))).not.toBe(other);
      // A rolled-back fold leaves the earlier event as it was.
      await expect(
        kit.events.transaction(async (tx) => {
          const p = registered('fold-2', 'e@example.com', 'PROVIDER');
          await kit.events.record(tx, 'auth.user-registered', p, fold(p));
          throw new Error('failed after folding');
        }),
      ).rejects.toThrow('failed after folding');
      while ((await kit.events.relay()) > 0);
      expect(published.filter((e) => e.id === first)).toHaveLength(1);
      // Published: the next one is an event of its own.
      expect(await record(registered('fold-1', 'f@example.com', 'PATIENT'))).not.toBe(first);
      const [{ n }] = await kit.ds.query(
        `SELECT count(*)::int AS n FROM evtest.outbox WHERE payload->>'email' = 'e@example.com'`,
      );
      expect(n).toBe(0);
    } finally {
      kit.events.startRelay();
    }
  });
});

const waitFor = async (check: () => boolean, ms = 5000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setImmediate(r));
  }
};
