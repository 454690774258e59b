import { LRUCache } from 'lru-cache';
import { REQUESTS_API } from '@portal/contracts';
import { logger, type PortalConfig } from '@portal/server-kit';

/** GET embedOrigin?origin= of the requests context: whether some facility lets that site embed the wizard. */
interface EmbedOriginAnswer {
  allowed: boolean;
  custodianIds: string[];
}

/** How long an answer (yes or no) is trusted: a facility's new site works within a minute. */
export const EMBED_ORIGIN_TTL_MS = 60_000;
/** Origins remembered at once; past this, the oldest are forgotten first (a flood of made-up origins). */
const MAX_ORIGINS = 10_000;
const LOOKUP_TIMEOUT_MS = 3_000;

/**
 * The CORS allowlist of facility sites (the embedded wizard), kept by the requests context in each
 * facility's settings. The gateway asks it once per origin and minute, and shares one lookup among the
 * calls that arrive meanwhile. A failed lookup is a no (fail closed) and is not remembered.
 * In embedded mode the gateway asks itself over HTTP (the context's route and its checks stay its
 * own); in proxy mode it asks the requests context directly.
 */
export const createEmbedOrigins = (
  config: Pick<PortalConfig, 'gatewayMode' | 'contextUrls' | 'port' | 'host'>,
) => {
  const base =
    config.gatewayMode === 'proxy'
      ? config.contextUrls.requests
      : `http://${!config.host || config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  // fetchMethod shares one lookup among the calls that arrive while it runs; a thrown lookup is not kept.
  const known = new LRUCache<string, boolean>({
    max: MAX_ORIGINS,
    ttl: EMBED_ORIGIN_TTL_MS,
    fetchMethod: async (origin) => {
      const res = await fetch(`${base}${REQUESTS_API.embedOrigin}?origin=${encodeURIComponent(origin)}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
      });
      if (res.status >= 500) throw new Error(`embedOrigin answered ${res.status}`);
      // Not found (no such route yet) or refused: not allowed, and remembered like any answer.
      return res.ok ? ((await res.json()) as EmbedOriginAnswer).allowed === true : false;
    },
  });

  const ask = async (origin: string): Promise<boolean> => {
    try {
      return (await known.fetch(origin)) === true;
    } catch (err) {
      logger.warn({ origin, err: (err as Error).message }, 'embed origin lookup failed');
      return false;
    }
  };

  /** true/false when known and fresh; otherwise the pending lookup. */
  const allowed = (origin: string): boolean | Promise<boolean> => known.get(origin) ?? ask(origin);

  return { allowed };
};

export type EmbedOrigins = ReturnType<typeof createEmbedOrigins>;

/** A browser's Origin header is scheme://host[:port] and nothing else; anything other is never looked up. */
export const isWebOrigin = (value: string): boolean => {
  if (value.length > 255) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === value;
  } catch {
    return false;
  }
};
