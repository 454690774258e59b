import type { EventEnvelope } from '@portal/contracts';

export type EventHandler = (event: EventEnvelope) => Promise<void>;

/**
 * Where published outbox events travel. A consumer name is durable: with NATS each name is a
 * JetStream durable consumer, so a restarted service picks up where it stopped.
 */
export interface EventBus {
  publish(event: EventEnvelope): Promise<void>;
  subscribe(consumer: string, types: string[], handler: EventHandler): Promise<void>;
  close(): Promise<void>;
}
