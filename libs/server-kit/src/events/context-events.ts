import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { EventEnvelope, EventPayloads, EventType } from '@portal/contracts';
import { logger } from '../logger';
import type { EventBus } from './bus';

const RELAY_INTERVAL_MS = 500;
const RELAY_BATCH = 100;
/**
 * How long a commit whose events may all be folded waits before it wakes the relay: a burst of such
 * commits (a CT stored ten slices a request) folds into one event in that time, not one per commit.
 */
const FOLD_WINDOW_MS = 150;

/**
 * How an event may be folded into an earlier one of its type that the relay has not published yet:
 * consumers then apply one event saying both, once (each of them is a transaction of its own).
 */
export interface EventFold<T extends EventType> {
  /** What the earlier event's payload must hold to take this one in (a JSON containment). */
  key: Partial<EventPayloads[T]>;
  /** The one payload saying both, or null when they cannot be one: this event is then recorded apart. */
  merge(earlier: EventPayloads[T], later: EventPayloads[T]): EventPayloads[T] | null;
}

/** When a transaction's commit wakes the relay: at once, or after FOLD_WINDOW_MS when all it wrote may fold. */
type Wake = 'now' | 'soon';

/**
 * A context's side of the event flow: `record` writes into the outbox inside the caller's
 * transaction, the relay publishes committed rows, and `consume` applies each event id once.
 */
export class ContextEvents {
  private timer?: NodeJS.Timeout;
  private relaying = false;
  private again = false;
  private stopped = false;
  /** Set while relaying fails, so an outage logs once when it starts and once when it ends. */
  private failing = false;
  /** The transactions that wrote an event: only their commit wakes the relay. */
  private readonly recordedIn = new WeakMap<EntityManager, Wake>();
  private soon?: NodeJS.Timeout;

  constructor(
    private readonly schema: string,
    private readonly ds: DataSource,
    private readonly bus: EventBus,
  ) {}

  /** Whether the bus can take events now (for /health). */
  busUp(): boolean {
    return this.bus.isUp();
  }

  /**
   * Writes the event in the same transaction as the change: a rollback leaves no event behind. With a
   * fold, an unpublished event of the same type and key takes it in instead, unless an event of another
   * type was written after that one (consumers would then see the two in another order) or the relay
   * holds it right now.
   */
  async record<T extends EventType>(
    tx: EntityManager,
    type: T,
    payload: EventPayloads[T],
    fold?: EventFold<T>,
  ): Promise<string> {
    const folded = fold && (await this.foldInto(tx, type, payload, fold));
    // An event that may not fold wakes the relay at once; a transaction whose events all may, soon.
    if (!fold) this.recordedIn.set(tx, 'now');
    else if (!this.recordedIn.has(tx)) this.recordedIn.set(tx, 'soon');
    if (folded) return folded;
    const id = randomUUID();
    await tx.query(`INSERT INTO ${this.schema}.outbox (id, type, payload) VALUES ($1, $2, $3)`, [
      id,
      type,
      payload,
    ]);
    return id;
  }

  /** The id of the earlier event that now says this one too, or null. */
  private async foldInto<T extends EventType>(
    tx: EntityManager,
    type: T,
    payload: EventPayloads[T],
    fold: EventFold<T>,
  ): Promise<string | null> {
    const [earlier]: Array<{ id: string; payload: EventPayloads[T] }> = await tx.query(
      `SELECT o.id, o.payload FROM ${this.schema}.outbox o
       WHERE o.published_at IS NULL AND o.type = $1 AND o.payload @> $2::jsonb
         AND NOT EXISTS (SELECT 1 FROM ${this.schema}.outbox l
                         WHERE l.published_at IS NULL AND l.seq > o.seq AND l.type <> $1)
       ORDER BY o.seq DESC LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [type, JSON.stringify(fold.key)],
    );
    const merged = earlier && fold.merge(earlier.payload, payload);
    if (!merged) return null;
    await tx.query(`UPDATE ${this.schema}.outbox SET payload = $2 WHERE id = $1`, [earlier.id, merged]);
    return earlier.id;
  }

  /**
   * Runs a change in a transaction and wakes the relay once it has committed, when it wrote an event.
   * A commit without one does not: each wake is a transaction of its own on the outbox, and most
   * changes and consumers write none (a STOW-RS request made some 20 of them for nothing).
   */
  async transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    let wake: Wake | undefined;
    const result = await this.ds.transaction(async (tx) => {
      const done = await work(tx);
      wake = this.recordedIn.get(tx);
      return done;
    });
    if (wake === 'now') this.kick();
    else if (wake === 'soon') this.kickSoon();
    return result;
  }

  startRelay(): void {
    this.stopped = false;
    this.timer ??= setInterval(() => this.kick(), RELAY_INTERVAL_MS);
    this.timer.unref();
    this.kick();
  }

  /** No relay starts after this; the context is shutting down and its pool is about to close. */
  stopRelay(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    clearTimeout(this.soon);
    this.timer = this.soon = undefined;
  }

  /** One wake FOLD_WINDOW_MS from the first commit that asked for it, for all that ask meanwhile. */
  private kickSoon(): void {
    if (this.soon || this.stopped) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      this.kick();
    }, FOLD_WINDOW_MS);
    this.soon.unref();
  }

  kick(): void {
    if (this.stopped) return;
    if (this.relaying) {
      this.again = true;
      return;
    }
    this.relaying = true;
    void this.relay()
      .then(() => {
        if (this.failing) logger.info({ schema: this.schema }, 'outbox relay resumed');
        this.failing = false;
      })
      .catch((err) => {
        if (!this.failing) logger.warn({ err, schema: this.schema }, 'outbox relay failed; will retry');
        this.failing = true;
      })
      .finally(() => {
        this.relaying = false;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Publishes committed, unpublished rows in order; marks them only after the bus took them. */
  async relay(): Promise<number> {
    // Bus down: the rows wait in the outbox; the timer tries again once it is back.
    if (!this.ds.isInitialized || !this.bus.isUp()) return 0;
    return this.ds.transaction(async (tx) => {
      const rows: Array<{ seq: string; id: string; type: EventType; payload: never; occurred_at: Date }> =
        await tx.query(
          `SELECT seq, id, type, payload, occurred_at FROM ${this.schema}.outbox
         WHERE published_at IS NULL ORDER BY seq LIMIT ${RELAY_BATCH} FOR UPDATE SKIP LOCKED`,
        );
      for (const r of rows) {
        await this.bus.publish({
          id: r.id,
          type: r.type,
          source: this.schema,
          occurredAt: new Date(r.occurred_at).toISOString(),
          sequence: Number(r.seq),
          payload: r.payload,
        });
      }
      if (rows.length) {
        await tx.query(
          `UPDATE ${this.schema}.outbox SET published_at = now() WHERE seq = ANY($1::bigint[])`,
          [rows.map((r) => r.seq)],
        );
      }
      return rows.length;
    });
  }

  /**
   * Subscribes an idempotent consumer: the processed-event row and the handler's changes commit
   * together, so an event seen twice is applied once.
   */
  async consume<T extends EventType>(
    consumer: string,
    types: T[],
    handler: (event: EventEnvelope<T>, tx: EntityManager) => Promise<void>,
  ): Promise<void> {
    const name = `${this.schema}.${consumer}`;
    await this.bus.subscribe(name, types, async (event) => {
      await this.applyOnce(name, event as EventEnvelope<T>, handler);
    });
  }

  async applyOnce<T extends EventType>(
    consumer: string,
    event: EventEnvelope<T>,
    handler: (event: EventEnvelope<T>, tx: EntityManager) => Promise<void>,
  ): Promise<boolean> {
    let applied = false;
    await this.transaction(async (tx) => {
      const inserted: unknown[] = await tx.query(
        `INSERT INTO ${this.schema}.processed_events (consumer, event_id) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING event_id`,
        [consumer, event.id],
      );
      if (inserted.length === 0) return;
      await handler(event, tx);
      applied = true;
    });
    return applied;
  }
}
