import { AuthContext } from '@portal/auth-service';
import { MESSAGES } from '@portal/contracts';
import { call, freePort, startTestApp, testRedis, type TestApp } from '@portal/server-kit/testing';

const LIMIT = 30;
const login = (t: TestApp, username: string) =>
  call(t.app, 'POST', '/api/auth/login', { body: { username, password: 'Wrong-Pass-1' } });

/**
 * Two auth apps stand for two processes of one deployment. They have databases of their own: the
 * per-account limit is counted before any read, so only Redis joins them.
 */
describe('per-account sign-in limit shared by auth processes through Redis', () => {
  let redis: Awaited<ReturnType<typeof testRedis>>;
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    redis = await testRedis();
    const config = {
      accountRateLimitPerMinute: LIMIT,
      redisUrl: redis.redisUrl,
      redisKeyPrefix: redis.redisKeyPrefix,
    };
    one = await startTestApp([AuthContext], { config });
    two = await startTestApp([AuthContext], { config });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await redis?.stop();
  });

  it('refuses the 31st failed sign-in of one account on either process, after 30 spread across both', async () => {
    const account = 'shared-limit@example.com';
    for (let i = 0; i < LIMIT; i++) expect((await login(i % 2 ? one : two, account)).status).toBe(401);
    for (const t of [one, two]) {
      const refused = await login(t, account.toUpperCase());
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        code: 'AUTH.TOO_MANY_ATTEMPTS',
        message: MESSAGES.tooManyAttempts,
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // Another account has its own count on both.
    expect((await login(one, 'other-account@example.com')).status).toBe(401);
    expect((await login(two, 'other-account@example.com')).status).toBe(401);
  });
});

describe('per-account sign-in limit when Redis does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port nobody listens on: Redis is "down" from the first call.
    t = await startTestApp([AuthContext], {
      config: { accountRateLimitPerMinute: 3, redisUrl: `redis://127.0.0.1:${await freePort()}` },
    });
  });
  afterAll(() => t?.close());

  it('fails open to counting in this process: sign-in answers as usual, never 500, and the limit still holds', async () => {
    for (let i = 0; i < 3; i++) expect((await login(t, 'redis-down@example.com')).status).toBe(401);
    const refused = await login(t, 'redis-down@example.com');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'AUTH.TOO_MANY_ATTEMPTS' });
  });
});
