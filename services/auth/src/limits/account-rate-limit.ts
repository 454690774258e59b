import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, type PortalConfig } from '@portal/server-kit';
import { tooManyAttempts } from '../auth.errors';

const WINDOW_MS = 60_000;
const MAX_KEYS = 100_000;

/**
 * Calls per account and minute on sign-in and lookup routes, on top of the gateway's per-address
 * limit: many addresses cannot take turns on one account. A fixed window in this process's memory:
 * with several auth processes each counts its own share, which still bounds the total.
 */
@Injectable()
export class AccountRateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly max: number;

  constructor(@Inject(CONFIG) config: Pick<PortalConfig, 'accountRateLimitPerMinute'>) {
    this.max = config.accountRateLimitPerMinute;
  }

  /** Counts one call of `scope` for `account`; the call over the limit answers 429 with Retry-After. */
  hit(scope: string, account: string, now = Date.now()): void {
    const key = `${scope}:${account.trim().toLowerCase()}`;
    let w = this.windows.get(key);
    if (!w || now - w.start >= WINDOW_MS) {
      if (this.windows.size >= MAX_KEYS) this.sweep(now);
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    if (++w.count > this.max) throw tooManyAttempts((w.start + WINDOW_MS - now) / 1000);
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= WINDOW_MS) this.windows.delete(key);
  }
}
