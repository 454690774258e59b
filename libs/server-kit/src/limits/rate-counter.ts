import Redis from 'ioredis';
import type { PortalConfig } from '../config';
import { logger } from '../logger';

export interface RateHit {
  /** Hits of the key in its current window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  resetInMs: number;
}

/**
 * Fixed-window counters for rate limits: a window opens at a key's first hit and lasts `windowMs`.
 * Keys may carry an account or an address: never log them.
 */
export interface RateCounter {
  hit(key: string, windowMs: number): Promise<RateHit>;
  close(): Promise<void>;
}

/** Beyond this many keys the expired windows are swept, so a flood of new keys cannot grow memory forever. */
const MAX_KEYS = 100_000;

/** Counts in this process's memory: each process of a deployment counts alone. */
export class MemoryRateCounter implements RateCounter {
  private readonly windows = new Map<string, { start: number; windowMs: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<RateHit> {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || now - w.start >= w.windowMs) {
      if (this.windows.size >= MAX_KEYS) this.sweep(now);
      w = { start: now, windowMs, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { count: w.count, resetInMs: w.start + w.windowMs - now };
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= w.windowMs) this.windows.delete(key);
  }
}

// Atomic, so two processes hitting a new key at once cannot both open a window. A key somehow left
// without expiry (PTTL -1) gets one rather than counting forever.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/** A command waits this long for Redis before the hit is counted in memory instead. */
const COMMAND_TIMEOUT_MS = 500;

type RedisWithHit = Redis & { portalRateHit(key: string, windowMs: number): Promise<[number, number]> };

/**
 * Counts in Redis, shared by every process of the deployment. When Redis fails it FAILS OPEN to
 * this process's memory counter, with one warning per outage: a Redis outage must not lock every
 * patient out of sign-in (a 503 there would turn a cache failure into a portal outage), and counting
 * per process still bounds guessing at the old N-processes-times-the-limit, with the failed-sign-in
 * rule in PostgreSQL behind it.
 */
export class RedisRateCounter implements RateCounter {
  private readonly redis: RedisWithHit;
  private readonly fallback = new MemoryRateCounter();
  /** Set from the first failure until Redis is ready again; meanwhile hits skip Redis instead of waiting on it. */
  private outage = false;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    // disconnectTimeout: a socket that never connected is not waited on for ioredis's default 2 s at close.
    const options = {
      commandTimeout: COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      disconnectTimeout: COMMAND_TIMEOUT_MS,
    };
    this.redis = new Redis(url, options) as RedisWithHit;
    this.redis.defineCommand('portalRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    // Without a listener ioredis reports every failed reconnect as an unhandled error event.
    this.redis.on('error', (err: Error) => this.failed(err));
    this.redis.on('ready', () => {
      if (this.outage) logger.info('rate limits: Redis is back, counting across processes again');
      this.outage = false;
    });
  }

  async hit(key: string, windowMs: number): Promise<RateHit> {
    if (this.outage && this.redis.status !== 'ready') return this.fallback.hit(key, windowMs);
    try {
      const [count, resetInMs] = await this.redis.portalRateHit(this.prefix + key, windowMs);
      return { count, resetInMs };
    } catch (err) {
      this.failed(err as Error);
      return this.fallback.hit(key, windowMs);
    }
  }

  private failed(err: Error): void {
    if (this.outage) return;
    this.outage = true;
    logger.warn(
      { err: err.message },
      'rate limits: Redis failed, each process counts alone until it is back (failing open)',
    );
  }

  async close(): Promise<void> {
    this.redis.removeAllListeners('error');
    this.redis.on('error', () => undefined);
    // quit() lets pending replies arrive; while reconnecting it would leave the connect timer running.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
    await this.fallback.close();
  }
}

/**
 * The counter of one limit (`name`): in Redis under the deployment's key prefix when REDIS_URL is
 * set, in memory otherwise.
 */
export const createRateCounter = (
  config: Partial<Pick<PortalConfig, 'redisUrl' | 'redisKeyPrefix'>>,
  name: string,
): RateCounter =>
  config.redisUrl
    ? new RedisRateCounter(config.redisUrl, `${config.redisKeyPrefix ?? 'portal:'}rate:${name}:`)
    : new MemoryRateCounter();
