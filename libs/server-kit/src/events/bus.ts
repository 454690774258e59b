import type { EventEnvelope } from '@portal/contracts';

export type EventHandler = (event: EventEnvelope) => Promise<void>;

/**
 * Where published outbox events travel. A consumer name is durable: with NATS each name is a
 * JetStream durable consumer, so a restarted service picks up where it stopped.
 */
export interface EventBus {
  publish(event: EventEnvelope): Promise<void>;
  subscribe(consumer: string, types: string[], handler: EventHandler): Promise<void>;
  /** Whether events can travel right now (NATS connected); /health reports it. */
  isUp(): boolean;
  close(): Promise<void>;
}

/** Wait before retrying a handler whose dependency is down: 250 ms doubling, at most 2 s. */
export const unavailableBackoffMs = (attempt: number): number =>
  Math.min(2000, 250 * 2 ** Math.max(0, attempt - 1));

export const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
