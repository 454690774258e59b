import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { CONFIG, createRateCounter, type PortalConfig, type RateCounter } from '@portal/server-kit';
import { tooManyAttempts } from '../auth.errors';

const WINDOW_MS = 60_000;

/**
 * Calls per account and minute on sign-in and lookup routes, on top of the gateway's per-address
 * limit: many addresses cannot take turns on one account. Counted in Redis when REDIS_URL is set, so
 * every auth process of a deployment shares one limit; in this process's memory otherwise.
 */
@Injectable()
export class AccountRateLimit implements OnModuleDestroy {
  private readonly counter: RateCounter;
  private readonly max: number;

  constructor(
    @Inject(CONFIG)
    config: Pick<PortalConfig, 'accountRateLimitPerMinute'> &
      Partial<Pick<PortalConfig, 'redisUrl' | 'redisKeyPrefix'>>,
  ) {
    this.max = config.accountRateLimitPerMinute;
    this.counter = createRateCounter(config, 'account');
  }

  /**
   * Counts one call of `scope` for `account`; the call over the limit answers 429 with Retry-After. The
   * limit is the configured calls per minute unless the scope has a rule of its own.
   */
  async hit(
    scope: string,
    account: string,
    rule: { max: number; windowMs: number } = { max: this.max, windowMs: WINDOW_MS },
  ): Promise<void> {
    const { count, resetInMs } = await this.counter.hit(
      `${scope}:${account.trim().toLowerCase()}`,
      rule.windowMs,
    );
    if (count > rule.max) throw tooManyAttempts(resetInMs / 1000);
  }

  onModuleDestroy(): Promise<void> {
    return this.counter.close();
  }
}
