import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { logger } from '@portal/server-kit';
import { CountSeats } from './count-seats';

const EVERY_MS = 30_000;

/**
 * Counts the sponsored groups' seats every 30 s and soon after each membership change (`soon()`);
 * the timers never keep a process alive, and a test calls the use case itself.
 */
@Injectable()
export class CountSeatsJob implements OnApplicationBootstrap, OnModuleDestroy {
  private timers: NodeJS.Timeout[] = [];
  private running = false;

  constructor(private readonly count: CountSeats) {}

  onApplicationBootstrap(): void {
    const every = setInterval(() => void this.run(), EVERY_MS);
    every.unref();
    this.timers.push(every);
  }

  onModuleDestroy(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  /** After a membership change has committed. */
  soon(): void {
    const t = setTimeout(() => void this.run(), 200);
    t.unref();
  }

  async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const changed = await this.count.execute();
      if (changed) logger.info({ changed }, 'group seats counted');
    } catch (err) {
      logger.warn({ err }, 'counting group seats failed; the next run retries');
    } finally {
      this.running = false;
    }
  }
}
