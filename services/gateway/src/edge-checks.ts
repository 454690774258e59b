import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { CSRF_HEADER, type ErrorBody, errorBody, MESSAGES } from '@portal/contracts';
import { clientAddress, createRateCounter, type PortalConfig, trustedProxies } from '@portal/server-kit';
import {
  ALLOWED_HEADERS,
  ALLOWED_METHODS,
  CSRF_COOKIE,
  NO_CSRF_HEADER_PATH,
  NO_CSRF_HEADER_PREFIX,
  isOpenApi,
  OPEN_API_EXPOSED_HEADERS,
  SENSITIVE,
  STATE_CHANGING,
} from './edge-rules';
import { createEmbedOrigins, type EmbedOrigins, isWebOrigin } from './embed-origins';
import { WORKER_SCRIPTS, securityHeaders, workerScriptPolicy } from './security-headers';

/** An answer the edge gives instead of the route: a refusal, or a CORS preflight's empty 204. */
export interface EdgeAnswer {
  status: number;
  body?: ErrorBody & { retryAfter?: number };
}
export type SetHeader = (name: string, value: string) => void;
/** Synchronous unless the limits are counted in Redis (REDIS_URL): then the count is awaited. */
export type EdgeResult = EdgeAnswer | undefined | Promise<EdgeAnswer | undefined>;

const WINDOW_MS = 60_000;
/** Addresses (and address + sensitive path) counted at once; past this, finished windows are dropped first. */
const MAX_KEYS = 50_000;
const STATE_CHANGING_METHODS = new Set<string>(STATE_CHANGING);
const COOKIE = new RegExp(`(?:^|;\\s*)${CSRF_COOKIE}=([^;]*)`);

const csrfCookie = (header: string | undefined): string | undefined =>
  header ? COOKIE.exec(header)?.[1] : undefined;
const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};
/** The sensitive route a path belongs to (one window per route and address: not one per e-mail in the path). */
const sensitiveRouteOf = (path: string): string | undefined => SENSITIVE.exec(path)?.[0];

/**
 * The edge's rules as one function over a raw request, so that the Fastify hook (shell, Nest routes)
 * and the proxy front (proxied /api calls, which skip Fastify) apply the very same rules: helmet's
 * security headers, the CSRF cookie and header check (double submit), the CORS allowlist with its
 * preflight, and per-address rate limits (fixed one-minute windows, stricter per sign-in or account
 * path). Everything that does not depend on the request is computed here once.
 *
 * With REDIS_URL the per-address windows are counted in Redis, shared by every gateway process
 * (server-kit's rate counter, failing open to memory); without it, in this process's memory, with no
 * promise per call (decision 0013).
 */
export const createEdge = (
  config: PortalConfig,
  deps: { embedOrigins?: Pick<EmbedOrigins, 'allowed'> } = {},
) => {
  const headers = Object.entries(securityHeaders(config));
  const workerPolicy = workerScriptPolicy(securityHeaders(config)['content-security-policy'] ?? '');
  const origins = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins]);
  const embedOrigins = deps.embedOrigins ?? createEmbedOrigins(config);
  const allowMethods = ALLOWED_METHODS.join(', ');
  const allowHeaders = ALLOWED_HEADERS.join(', ');
  const exposeHeaders = OPEN_API_EXPOSED_HEADERS.join(', ');
  const windows = new Map<string, { count: number; resetAt: number }>();
  const shared = config.redisUrl ? createRateCounter(config, 'edge') : undefined;
  // The public edge believes no X-Forwarded-For unless TRUSTED_PROXIES names the proxy in front of it.
  const trust = trustedProxies(config);
  const callerAddress = (req: IncomingMessage): string => clientAddress(req, trust);
  /** The caller for a hop to a context: its address, and whether a trusted proxy stands between (its X-Forwarded-Proto/Host then hold). */
  const client = (req: IncomingMessage) => ({
    address: callerAddress(req),
    viaTrustedProxy: trust(req.socket.remoteAddress ?? '', 0),
  });

  const dropFinishedWindows = (now: number) => {
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
    // Still full (a flood from many addresses): forget the oldest, as an LRU store would.
    for (const key of windows.keys()) {
      if (windows.size < MAX_KEYS) break;
      windows.delete(key);
    }
  };

  /** A refusal with Retry-After once the window's count is past the limit. */
  const refusal = (count: number, max: number, resetInMs: number, set: SetHeader): EdgeAnswer | undefined => {
    if (count <= max) return undefined;
    const retryAfter = Math.ceil(resetInMs / 1000);
    set('retry-after', String(retryAfter));
    return {
      status: 429,
      body: { ...errorBody('REQUEST.RATE_LIMITED', MESSAGES.tooManyAttempts), retryAfter },
    };
  };

  /** Counts the call; a refusal with Retry-After when the window is spent. */
  const rateLimit = (req: IncomingMessage, path: string, set: SetHeader): EdgeResult => {
    const sensitive = sensitiveRouteOf(path);
    const key = sensitive ? `${callerAddress(req)}:${sensitive}` : callerAddress(req);
    const max = sensitive ? config.sensitiveRateLimitPerMinute : config.rateLimitPerMinute;
    if (shared)
      return shared.hit(key, WINDOW_MS).then(({ count, resetInMs }) => refusal(count, max, resetInMs, set));
    const now = Date.now();
    let w = windows.get(key);
    if (!w || w.resetAt <= now) {
      if (!w && windows.size >= MAX_KEYS) dropFinishedWindows(now);
      w = { count: 0, resetAt: now + WINDOW_MS };
      windows.set(key, w);
    }
    return refusal(++w.count, max, w.resetAt - now, set);
  };

  /** The CORS headers of an allowlisted origin; a preflight from one is answered here. */
  const allow = (req: IncomingMessage, origin: string, set: SetHeader): EdgeAnswer | undefined => {
    set('access-control-allow-origin', origin);
    set('access-control-allow-credentials', 'true');
    if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return undefined;
    set('access-control-allow-methods', allowMethods);
    set('access-control-allow-headers', allowHeaders);
    return { status: 204 };
  };

  /** The CORS headers of the open API (SMART apps on their own sites): any origin, no credentials. */
  const allowAnySite = (req: IncomingMessage, set: SetHeader): EdgeAnswer | undefined => {
    set('access-control-allow-origin', '*');
    set('access-control-expose-headers', exposeHeaders);
    if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return undefined;
    set('access-control-allow-methods', allowMethods);
    set('access-control-allow-headers', allowHeaders);
    return { status: 204 };
  };

  /**
   * CORS: the portal's own origin and CORS_ORIGINS, plus, for /api calls, the facility sites the
   * requests context allowlists for the embedded wizard (asked once a minute per origin). Any other
   * origin gets no CORS headers at all.
   */
  const cors = (req: IncomingMessage, path: string, set: SetHeader): EdgeResult => {
    const origin = req.headers.origin;
    if (!origin) return undefined;
    set('vary', 'Origin');
    if (origins.has(origin)) return allow(req, origin, set);
    if (isOpenApi(path) && isWebOrigin(origin)) return allowAnySite(req, set);
    if (!path.startsWith('/api/') || !isWebOrigin(origin)) return undefined;
    const allowed = embedOrigins.allowed(origin);
    if (allowed instanceof Promise) return allowed.then((yes) => (yes ? allow(req, origin, set) : undefined));
    return allowed ? allow(req, origin, set) : undefined;
  };

  /** Double submit: every state-changing /api call carries the header, equal to the cookie when one is sent. */
  const csrf = (req: IncomingMessage, path: string, cookie: string | undefined): EdgeAnswer | undefined => {
    if (
      !STATE_CHANGING_METHODS.has(req.method ?? '') ||
      !path.startsWith('/api/') ||
      path === NO_CSRF_HEADER_PATH ||
      path.startsWith(NO_CSRF_HEADER_PREFIX) ||
      isOpenApi(path)
    )
      return undefined;
    const header = req.headers[CSRF_HEADER];
    if (typeof header === 'string' && header && (cookie === undefined || cookie === header)) return undefined;
    return { status: 403, body: errorBody('REQUEST.CSRF_MISSING', MESSAGES.csrfMissing) };
  };

  /** Sets the edge's headers through `set`; returns the answer to give instead of the route, if any. */
  const apply = (req: IncomingMessage, set: SetHeader): EdgeResult => {
    for (const [name, value] of headers) set(name, value);
    const cookie = csrfCookie(req.headers.cookie);
    // The page reads this cookie and echoes it in a header another site cannot set. A v4 uuid's 122
    // random bits come from a pooled buffer; randomBytes(16) would ask the system on every call.
    if (!cookie)
      set('set-cookie', `${CSRF_COOKIE}=${randomUUID().replace(/-/g, '')}; Path=/; SameSite=Strict`);
    const path = pathOf(req.url ?? '/');
    if (WORKER_SCRIPTS.test(path)) set('content-security-policy', workerPolicy);
    const rest = (): EdgeResult => {
      const limited = rateLimit(req, path, set);
      return limited instanceof Promise
        ? limited.then((a) => a ?? csrf(req, path, cookie))
        : (limited ?? csrf(req, path, cookie));
    };
    const preflight = cors(req, path, set);
    if (preflight instanceof Promise) return preflight.then((answer) => answer ?? rest());
    return preflight ?? rest();
  };

  return { apply, callerAddress, client, close: async () => shared?.close() };
};

export type Edge = ReturnType<typeof createEdge>;
