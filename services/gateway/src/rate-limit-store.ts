import type { FastifyInstance } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { createRateCounter, type PortalConfig, type RateCounter } from '@portal/server-kit';

/** @fastify/rate-limit's store over server-kit's counter. */
class CounterStore implements FastifyRateLimitStore {
  constructor(
    private readonly counter: RateCounter,
    private readonly prefix = '',
  ) {}

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow = 60_000): void {
    this.counter.hit(this.prefix + key, timeWindow).then(
      ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
      (err: Error) => callback(err),
    );
  }

  /** A route with limits of its own counts apart, keyed by its method and path as the plugin's own stores do. */
  child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // Typed as the route's options, but the plugin passes its merged limit settings with the route under routeInfo.
    const route = (options as { routeInfo?: { method?: unknown; url?: string } }).routeInfo ?? options;
    return new CounterStore(this.counter, `${this.prefix}${String(route.method ?? '')}${route.url ?? ''}:`);
  }
}

/**
 * The store of the edge's per-address limits: counted across gateway processes when REDIS_URL is
 * set, in memory otherwise. The counter closes with the app.
 */
export const edgeRateLimitStore = (app: FastifyInstance, config: PortalConfig): FastifyRateLimitStoreCtor => {
  const counter = createRateCounter(config, 'edge');
  app.addHook('onClose', () => counter.close());
  return class extends CounterStore {
    constructor() {
      super(counter);
    }
  } as unknown as FastifyRateLimitStoreCtor;
};
