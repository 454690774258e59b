import type { EventEnvelope } from '@portal/contracts';
import { logger } from '../logger';
import type { EventBus, EventHandler } from './bus';

const RETRIES = 5;

/** The default bus when every context runs in one process: delivery after the relay publishes. */
export class InProcessBus implements EventBus {
  private readonly subscribers: Array<{ consumer: string; types: Set<string>; handler: EventHandler }> = [];

  async publish(event: EventEnvelope): Promise<void> {
    for (const s of this.subscribers) if (s.types.has(event.type)) void this.deliver(s.consumer, s.handler, event);
  }

  private async deliver(consumer: string, handler: EventHandler, event: EventEnvelope, attempt = 1): Promise<void> {
    try {
      await handler(event);
    } catch (err) {
      if (attempt >= RETRIES) return logger.error({ err, consumer, eventId: event.id }, 'event handler gave up');
      setTimeout(() => void this.deliver(consumer, handler, event, attempt + 1), 100 * 2 ** attempt);
    }
  }

  async subscribe(consumer: string, types: string[], handler: EventHandler): Promise<void> {
    this.subscribers.push({ consumer, types: new Set(types), handler });
  }

  async close(): Promise<void> {
    this.subscribers.length = 0;
  }
}
