import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { VIEWER_PASSWORD_ATTEMPTS, VIEWER_PASSWORD_WINDOW_MS } from '@portal/contracts';
import { CONFIG, createRateCounter, type PortalConfig, type RateCounter } from '@portal/server-kit';
import { tooManyPasswordAttempts } from '../sharing.errors';

/**
 * Password attempts per link and client address (VIEWER_PASSWORD_ATTEMPTS per VIEWER_PASSWORD_WINDOW_MS),
 * on top of the gateway's per-address limit: the password of a link is short and typed from a form,
 * so guessing it must be slow. Shared through Redis when REDIS_URL is set, in memory otherwise.
 */
@Injectable()
export class ViewerPasswordRateLimit implements OnModuleDestroy {
  private readonly counter: RateCounter;

  constructor(@Inject(CONFIG) config: Partial<Pick<PortalConfig, 'redisUrl' | 'redisKeyPrefix'>>) {
    this.counter = createRateCounter(config, 'viewer-password');
  }

  /** Counts one attempt; the one over the limit answers 429 with Retry-After. */
  async hit(linkId: string, address: string | null): Promise<void> {
    const { count, resetInMs } = await this.counter.hit(
      `${linkId}:${address ?? 'unknown'}`,
      VIEWER_PASSWORD_WINDOW_MS,
    );
    if (count > VIEWER_PASSWORD_ATTEMPTS) throw tooManyPasswordAttempts(resetInMs / 1000);
  }

  onModuleDestroy(): Promise<void> {
    return this.counter.close();
  }
}
