import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig, type PortalConfig } from '@portal/server-kit';
import { testRedis } from '@portal/server-kit/testing';
import { registerEdge } from '../src/edge';
import { createEdge } from '../src/edge-checks';

const SENSITIVE_LIMIT = 4;

/** A gateway's edge in front of a stand-in sign-in route: the limit is the edge's, whatever answers behind it. */
const edgeApp = async (config: Partial<PortalConfig>): Promise<FastifyInstance> => {
  const app = Fastify({ trustProxy: true });
  await registerEdge(
    app,
    createEdge({ ...loadConfig(), sensitiveRateLimitPerMinute: SENSITIVE_LIMIT, ...config }),
  );
  app.post('/api/auth/login', async (_req, reply) =>
    reply.status(401).send({ code: 'AUTH.INVALID_CREDENTIALS' }),
  );
  await app.ready();
  return app;
};

const signIn = (app: FastifyInstance) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: '198.51.100.9',
    headers: { 'x-csrf-token': 't', 'content-type': 'application/json' },
    payload: '{}',
  });

describe('per-address limits of the edge across gateway processes', () => {
  let redis: Awaited<ReturnType<typeof testRedis>>;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    redis = await testRedis();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await redis?.stop();
  });

  it('with REDIS_URL: one address gets the sensitive limit once across two gateways, then 429 on either', async () => {
    const config = { redisUrl: redis.redisUrl, redisKeyPrefix: redis.redisKeyPrefix };
    const [one, two] = [await edgeApp(config), await edgeApp(config)];
    apps.push(one, two);
    for (let i = 0; i < SENSITIVE_LIMIT; i++) expect((await signIn(i % 2 ? one : two)).statusCode).toBe(401);
    for (const app of [one, two]) {
      const refused = await signIn(app);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ code: 'REQUEST.RATE_LIMITED' });
    }
  });

  it('without REDIS_URL each gateway counts alone (what Redis fixes)', async () => {
    const [one, two] = [await edgeApp({ redisUrl: undefined }), await edgeApp({ redisUrl: undefined })];
    apps.push(one, two);
    for (let i = 0; i < SENSITIVE_LIMIT * 2; i++)
      expect((await signIn(i % 2 ? one : two)).statusCode).toBe(401);
    expect((await signIn(one)).statusCode).toBe(429);
  });
});
