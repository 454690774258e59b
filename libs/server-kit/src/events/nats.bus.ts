import {
  AckPolicy,
  connect,
  DeliverPolicy,
  Events,
  JSONCodec,
  type JetStreamClient,
  type JsMsg,
  type NatsConnection,
} from 'nats';
import { eventSubject, type EventEnvelope, type EventType } from '@portal/contracts';
import { logger } from '../logger';
import { isUnavailable } from '../errors/unavailable';
import { delay, unavailableBackoffMs, type EventBus, type EventHandler } from './bus';

const STREAM = 'PORTAL';
const codec = JSONCodec<EventEnvelope>();

/** Reconnect for ever, every second: the outbox keeps events meanwhile, so waiting costs nothing. */
const RECONNECT = {
  reconnect: true,
  maxReconnectAttempts: -1,
  reconnectTimeWait: 1000,
  pingInterval: 5000,
  maxPingOut: 2,
} as const;

/** A publish while disconnected fails at once instead of waiting for an ack that cannot come. */
const notConnected = () => Object.assign(new Error('NATS is not connected'), { code: 'ECONNREFUSED' });

/**
 * NATS JetStream: one stream holds `portal.>`; the event id is the message id, so a relay that
 * publishes twice after a crash is deduplicated by the server; each consumer name is a durable consumer.
 * The connection survives a NATS restart: it reconnects without limit, the relay leaves events in the
 * outbox until publishing works again, and the durable consumers resume where they stopped.
 */
export class NatsBus implements EventBus {
  private connected = true;
  private closed = false;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly stream: string,
  ) {
    void this.watch();
  }

  static async connect(url: string, streamName = STREAM, clientName = 'portal'): Promise<NatsBus> {
    const nc = await connect({ servers: url, name: clientName, ...RECONNECT });
    const jsm = await nc.jetstreamManager();
    try {
      await jsm.streams.info(streamName);
    } catch {
      await jsm.streams.add({ name: streamName, subjects: ['portal.>'], duplicate_window: 120_000_000_000 });
    }
    return new NatsBus(nc, nc.jetstream(), streamName);
  }

  /** Follows the connection's status for isUp() and the logs. */
  private async watch(): Promise<void> {
    for await (const s of this.nc.status()) {
      if (s.type === Events.Disconnect) {
        this.connected = false;
        logger.warn({ server: s.data }, 'NATS disconnected; reconnecting');
      } else if (s.type === Events.Reconnect) {
        this.connected = true;
        logger.info({ server: s.data }, 'NATS reconnected');
      }
    }
  }

  isUp(): boolean {
    return this.connected && !this.nc.isClosed();
  }

  async publish(event: EventEnvelope): Promise<void> {
    if (!this.isUp()) throw notConnected();
    await this.js.publish(eventSubject(event.type), codec.encode(event), { msgID: event.id });
  }

  async subscribe(consumer: string, types: string[], handler: EventHandler): Promise<void> {
    const jsm = await this.nc.jetstreamManager();
    const durable = consumer.replace(/[^A-Za-z0-9_-]/g, '_');
    const subjects = types.map((t) => eventSubject(t as EventType));
    await jsm.consumers.add(this.stream, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      // filter_subjects needs NATS 2.10; one subject works on older servers (Debian ships 2.9).
      ...(subjects.length === 1 ? { filter_subject: subjects[0] } : { filter_subjects: subjects }),
      max_deliver: 20,
      ack_wait: 30_000_000_000,
    });
    const messages = await (await this.js.consumers.get(this.stream, durable)).consume();
    void (async () => {
      for await (const m of messages) await this.handle(consumer, handler, m);
    })();
  }

  /**
   * A handler whose database is down is retried in place (the message kept in progress) rather than
   * nak'ed: redeliveries are limited (max_deliver), an outage is not, and the event must not be lost.
   */
  private async handle(consumer: string, handler: EventHandler, m: JsMsg): Promise<void> {
    for (let outage = 1; !this.closed; outage++) {
      try {
        await handler(codec.decode(m.data));
        m.ack();
        return;
      } catch (err) {
        if (!isUnavailable(err)) {
          logger.warn({ err, consumer }, 'event handler failed; will be redelivered');
          m.nak(1000);
          return;
        }
        if (outage === 1)
          logger.warn(
            { err: String((err as Error).message), consumer },
            'event handler waits for its database',
          );
        m.working();
        await delay(unavailableBackoffMs(outage));
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.nc.isClosed()) return;
    // Draining needs the server; while it is away, close at once rather than wait for it.
    if (this.connected) await this.nc.drain();
    else await this.nc.close();
  }
}
