import type { EventEnvelope } from '@portal/contracts';
import { logger } from '../logger';
import { isUnavailable } from '../errors/unavailable';
import { delay, unavailableBackoffMs, type EventBus, type EventHandler } from './bus';

const RETRIES = 5;

/** The default bus when every context runs in one process: delivery after the relay publishes. */
export class InProcessBus implements EventBus {
  private readonly subscribers: Array<{ consumer: string; types: Set<string>; handler: EventHandler }> = [];
  private closed = false;

  async publish(event: EventEnvelope): Promise<void> {
    for (const s of this.subscribers)
      if (s.types.has(event.type)) void this.deliver(s.consumer, s.handler, event);
  }

  /**
   * The relay has already marked the event published, so this delivery is its only one: a handler
   * whose database is down is retried until it is back (counting no attempt); a handler that fails
   * otherwise gets RETRIES attempts.
   */
  private async deliver(consumer: string, handler: EventHandler, event: EventEnvelope): Promise<void> {
    let failures = 0;
    for (let outage = 1; !this.closed;) {
      try {
        return await handler(event);
      } catch (err) {
        if (isUnavailable(err)) {
          await delay(unavailableBackoffMs(outage++));
          continue;
        }
        if (++failures >= RETRIES)
          return logger.error({ err, consumer, eventId: event.id }, 'event handler gave up');
        await delay(100 * 2 ** failures);
      }
    }
  }

  async subscribe(consumer: string, types: string[], handler: EventHandler): Promise<void> {
    this.subscribers.push({ consumer, types: new Set(types), handler });
  }

  isUp(): boolean {
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.subscribers.length = 0;
  }
}
