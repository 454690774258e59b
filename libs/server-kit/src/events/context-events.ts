import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { EventEnvelope, EventPayloads, EventType } from '@portal/contracts';
import { logger } from '../logger';
import type { EventBus } from './bus';

const RELAY_INTERVAL_MS = 500;
const RELAY_BATCH = 100;

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
  private readonly recordedIn = new WeakSet<EntityManager>();

  constructor(
    private readonly schema: string,
    private readonly ds: DataSource,
    private readonly bus: EventBus,
  ) {}

  /** Whether the bus can take events now (for /health). */
  busUp(): boolean {
    return this.bus.isUp();
  }

  /** Writes the event in the same transaction as the change: a rollback leaves no event behind. */
  async record<T extends EventType>(tx: EntityManager, type: T, payload: EventPayloads[T]): Promise<string> {
    const id = randomUUID();
    await tx.query(`INSERT INTO ${this.schema}.outbox (id, type, payload) VALUES ($1, $2, $3)`, [
      id,
      type,
      payload,
    ]);
    this.recordedIn.add(tx);
    return id;
  }

  /**
   * Runs a change in a transaction and wakes the relay once it has committed, when it wrote an event.
   * A commit without one does not: each wake is a transaction of its own on the outbox, and most
   * changes and consumers write none (a STOW-RS request made some 20 of them for nothing).
   */
  async transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    let recorded = false;
    const result = await this.ds.transaction(async (tx) => {
      const done = await work(tx);
      recorded = this.recordedIn.has(tx);
      return done;
    });
    if (recorded) this.kick();
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
    this.timer = undefined;
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
