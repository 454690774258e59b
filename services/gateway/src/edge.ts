import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import { constants as zlib } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { CSRF_HEADER, errorBody, MESSAGES } from '@portal/contracts';
import type { PortalConfig } from '@portal/server-kit';
import { ALLOWED_HEADERS, ALLOWED_METHODS, CSRF_COOKIE, NO_CSRF_HEADER_PATH, SENSITIVE, STATE_CHANGING } from './edge-rules';
import { securityHeaders } from './security-headers';

export { CSRF_COOKIE };
const STATE_CHANGING_METHODS = new Set<string>(STATE_CHANGING);
const COOKIE = new RegExp(`(?:^|;\\s*)${CSRF_COOKIE}=([^;]*)`);

const csrfCookie = (header: string | undefined): string | undefined => (header ? COOKIE.exec(header)?.[1] : undefined);
const isOptOut = (url: string) => url.startsWith(NO_CSRF_HEADER_PATH) && (url.length === NO_CSRF_HEADER_PATH.length || url[NO_CSRF_HEADER_PATH.length] === '?');

/**
 * The edge of the one public origin: security headers, compression, CORS allowlist, CSRF header
 * check on state-changing calls, rate limiting. Request ids and JSON logs come from server-kit's app.
 * Every hook runs on every call, proxied ones included, so each does only what the call needs
 * (docs/decisions/0013): headers built once, the cookie read once, synchronous hooks.
 */
export const registerEdge = async (app: FastifyInstance, config: PortalConfig): Promise<void> => {
  const headers = securityHeaders(config);
  // First, so that every answer (a rate-limit or CSRF refusal too) carries the security headers and the cookie.
  app.addHook('onRequest', (req, reply, done) => {
    void reply.headers(headers);
    // Double submit: the page reads this cookie and echoes it in a header another site cannot set. A v4
    // uuid's 122 random bits come from a pooled buffer; randomBytes(16) would ask the system on every call.
    if (!csrfCookie(req.headers.cookie)) void reply.header('set-cookie', `${CSRF_COOKIE}=${randomUUID().replace(/-/g, '')}; Path=/; SameSite=Strict`);
    done();
  });
  // Shell and remote bundles are text: brotli or gzip, at a level cheap enough to do per request.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } } });
  const allowed = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins]);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || allowed.has(origin)),
    credentials: true,
    methods: ALLOWED_METHODS,
    allowedHeaders: ALLOWED_HEADERS,
  });
  await app.register(rateLimit, {
    global: true,
    max: (req) => (SENSITIVE.test(req.url) ? config.sensitiveRateLimitPerMinute : config.rateLimitPerMinute),
    timeWindow: 60_000,
    keyGenerator: (req) => (SENSITIVE.test(req.url) ? `${req.ip}:${req.url.split('?')[0]}` : `${req.ip}:*`),
    // Retry-After on a refusal is the contract; x-ratelimit-* on every answer is three headers nobody reads.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_req, ctx) => ({ ...errorBody('REQUEST.RATE_LIMITED', MESSAGES.tooManyAttempts), retryAfter: Math.ceil(ctx.ttl / 1000) }),
  });
  app.addHook('onRequest', (req, reply, done) => {
    if (!STATE_CHANGING_METHODS.has(req.method) || !req.url.startsWith('/api/') || isOptOut(req.url)) return done();
    const header = req.headers[CSRF_HEADER];
    const cookie = csrfCookie(req.headers.cookie);
    if (typeof header !== 'string' || !header || (cookie !== undefined && cookie !== header)) {
      // Answered here: the call goes no further (a hook that replies does not call done).
      void reply.status(403).send(errorBody('REQUEST.CSRF_MISSING', MESSAGES.csrfMissing));
      return;
    }
    done();
  });
};
