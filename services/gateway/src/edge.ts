import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import { constants as zlib } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { CSRF_HEADER, errorBody, MESSAGES } from '@portal/contracts';
import type { PortalConfig } from '@portal/server-kit';
import { remoteOrigins } from './remotes-config';
import { edgeRateLimitStore } from './rate-limit-store';

export const CSRF_COOKIE = 'XSRF-TOKEN';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Posts that cannot carry the header: RFC 8058 one-click unsubscribe comes from mail clients and from
 * the opt-out page's plain form. The route reads no cookie or bearer token (the signed id in its URL
 * is the whole proof), so a forged cross-site post can do nothing the link itself does not allow.
 */
const NO_CSRF_HEADER = /^\/api\/pages\/opt-out(\?|$)/;
/** Stricter per-address limits where guessing or flooding pays: sign-in and account creation. */
const SENSITIVE =
  /^\/api\/auth\/(login|createAccount|registerAccount|forgotPassword|resetPassword|refresh|phoneLogin|login-as-user|loginAsUser)\b|^\/api\/auth\/checkUserEmail\/|^\/api\/(getUserInformation|createAccount|subscriptions|pages\/opt-out)\b/;

const cookieValue = (req: FastifyRequest, name: string): string | undefined =>
  req.headers.cookie
    ?.split(';')
    .map((c) => c.trim().split('='))
    .find(([k]) => k === name)?.[1];

/**
 * The edge of the one public origin: security headers, compression, CORS allowlist, CSRF header
 * check on state-changing calls, rate limiting. Request ids and JSON logs come from server-kit's app.
 */
export const registerEdge = async (app: FastifyInstance, config: PortalConfig): Promise<void> => {
  const remotes = remoteOrigins(config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes],
        connectSrc: ["'self'", ...remotes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...remotes],
        fontSrc: ["'self'", 'data:', ...remotes],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  // Shell and remote bundles are text: brotli or gzip, at a level cheap enough to do per request.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } } });
  const allowed = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins]);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || allowed.has(origin)),
    credentials: true,
    allowedHeaders: ['content-type', 'authorization', CSRF_HEADER, 'x-request-id'],
  });
  await app.register(rateLimit, {
    global: true,
    store: edgeRateLimitStore(app, config),
    max: (req) => (SENSITIVE.test(req.url) ? config.sensitiveRateLimitPerMinute : config.rateLimitPerMinute),
    timeWindow: 60_000,
    keyGenerator: (req) => `${req.ip}:${SENSITIVE.test(req.url) ? req.url.split('?')[0] : '*'}`,
    errorResponseBuilder: (_req, ctx) => ({ ...errorBody('REQUEST.RATE_LIMITED', MESSAGES.tooManyAttempts), retryAfter: Math.ceil(ctx.ttl / 1000) }),
  });
  app.addHook('onRequest', async (req, reply) => {
    // Double submit: the page reads this cookie and echoes it in a header another site cannot set.
    if (!cookieValue(req, CSRF_COOKIE)) {
      void reply.header('set-cookie', `${CSRF_COOKIE}=${randomBytes(16).toString('hex')}; Path=/; SameSite=Strict`);
    }
    if (!STATE_CHANGING.has(req.method) || !req.url.startsWith('/api/') || NO_CSRF_HEADER.test(req.url)) return;
    const header = req.headers[CSRF_HEADER];
    const cookie = cookieValue(req, CSRF_COOKIE);
    if (typeof header !== 'string' || !header || (cookie !== undefined && cookie !== header)) {
      return reply.status(403).send(errorBody('REQUEST.CSRF_MISSING', MESSAGES.csrfMissing));
    }
  });
};
