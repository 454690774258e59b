import { AuthContext } from '@portal/auth-service';
import { MESSAGES } from '@portal/contracts';
import { call, startTestApp, type TestApp } from '@portal/server-kit/testing';
import { signIn } from './helpers';

const LIMIT = 3;

describe('per-account rate limit of sign-in and lookup calls', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp([AuthContext], { seed: true, config: { accountRateLimitPerMinute: LIMIT } });
    token = await signIn(t, 'viewer@example.com');
  });
  afterAll(() => t?.close());

  const routes: Array<[string, (account: string) => ReturnType<typeof call>]> = [
    [
      'login',
      (email) =>
        call(t.app, 'POST', '/api/auth/login', { body: { username: email, password: 'Wrong-Pass-1' } }),
    ],
    ['checkUserEmail', (email) => call(t.app, 'GET', `/api/auth/checkUserEmail/${email}`)],
    [
      'forgotPassword',
      (email) => call(t.app, 'POST', '/api/auth/forgotPassword', { body: { username: email } }),
    ],
    [
      'getUserInformation',
      (email) => call(t.app, 'POST', '/api/getUserInformation', { token, body: { email } }),
    ],
    [
      'phoneLogin',
      (phone) => call(t.app, 'POST', '/api/auth/phoneLogin', { body: { countryCode: '1', phone } }),
    ],
  ];

  it.each(routes)(
    '%s: the call past the limit for one account answers 429 with Retry-After; other accounts go on',
    async (name, send) => {
      const account = (n: number) =>
        name === 'phoneLogin' ? `21255500${n}0` : `${name.toLowerCase()}-${n}@example.com`;
      for (let i = 0; i < LIMIT; i++) expect((await send(account(1))).status).not.toBe(429);
      // Case does not make another account.
      const refused = await send(name === 'phoneLogin' ? account(1) : account(1).toUpperCase());
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        code: 'AUTH.TOO_MANY_ATTEMPTS',
        message: MESSAGES.tooManyAttempts,
      });
      const retry = Number(refused.headers['retry-after']);
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(60);
      expect((await send(account(2))).status).not.toBe(429);
    },
  );
});
