import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { logger } from '@portal/server-kit';
import { SendExpiryReminders } from './send-expiry-reminders';

const EVERY_MS = 60 * 60_000;
/** The first run waits for start-up (migrations, seeds) to settle. */
const FIRST_MS = 15_000;

/**
 * Runs the expiry reminders hourly while the context runs. The timers are unref'd: they never keep a
 * process alive, and a test calls the use case itself.
 */
@Injectable()
export class ExpiryReminderJob implements OnApplicationBootstrap, OnModuleDestroy {
  private timers: NodeJS.Timeout[] = [];
  private running = false;

  constructor(private readonly reminders: SendExpiryReminders) {}

  onApplicationBootstrap(): void {
    this.timers = [setTimeout(() => void this.run(), FIRST_MS), setInterval(() => void this.run(), EVERY_MS)];
    for (const t of this.timers) t.unref();
  }

  onModuleDestroy(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const reminded = await this.reminders.execute();
      if (reminded) logger.info({ reminded }, 'membership expiry reminders sent');
    } catch (err) {
      logger.warn({ err }, 'membership expiry reminders failed; next run retries');
    } finally {
      this.running = false;
    }
  }
}
