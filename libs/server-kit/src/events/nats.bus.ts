import { AckPolicy, connect, DeliverPolicy, JSONCodec, type JetStreamClient, type NatsConnection } from 'nats';
import { eventSubject, type EventEnvelope, type EventType } from '@portal/contracts';
import { logger } from '../logger';
import type { EventBus, EventHandler } from './bus';

const STREAM = 'PORTAL';
const codec = JSONCodec<EventEnvelope>();

/**
 * NATS JetStream: one stream holds `portal.>`; the event id is the message id, so a relay that
 * publishes twice after a crash is deduplicated by the server; each consumer name is a durable consumer.
 */
export class NatsBus implements EventBus {
  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly stream: string,
  ) {}

  static async connect(url: string, streamName = STREAM, clientName = 'portal'): Promise<NatsBus> {
    const nc = await connect({ servers: url, name: clientName });
    const jsm = await nc.jetstreamManager();
    try {
      await jsm.streams.info(streamName);
    } catch {
      await jsm.streams.add({ name: streamName, subjects: ['portal.>'], duplicate_window: 120_000_000_000 });
    }
    return new NatsBus(nc, nc.jetstream(), streamName);
  }

  async publish(event: EventEnvelope): Promise<void> {
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
      for await (const m of messages) {
        try {
          await handler(codec.decode(m.data));
          m.ack();
        } catch (err) {
          logger.warn({ err, consumer }, 'event handler failed; will be redelivered');
          m.nak(1000);
        }
      }
    })();
  }

  async close(): Promise<void> {
    await this.nc.drain();
  }
}
