import { AccountRateLimit } from './account-rate-limit';

describe('AccountRateLimit', () => {
  it('refuses the call over the limit of a minute with Retry-After, per account and scope', async () => {
    const limit = new AccountRateLimit({ accountRateLimitPerMinute: 30 });
    for (let i = 0; i < 30; i++) await limit.hit('login', 'A@example.com');
    await expect(limit.hit('login', ' a@example.com')).rejects.toMatchObject({
      code: 'AUTH.TOO_MANY_ATTEMPTS',
      headers: { 'retry-after': '60' },
    });
    await expect(limit.hit('login', 'b@example.com')).resolves.toBeUndefined();
    await expect(limit.hit('lookup', 'a@example.com')).resolves.toBeUndefined();
    await limit.onModuleDestroy();
  });

  it('a scope with a rule of its own counts against that rule: its limit and window', async () => {
    const limit = new AccountRateLimit({ accountRateLimitPerMinute: 30 });
    const rule = { max: 2, windowMs: 3600_000 };
    await limit.hit('verification', 'u1', rule);
    await limit.hit('verification', 'u1', rule);
    await expect(limit.hit('verification', 'u1', rule)).rejects.toMatchObject({
      code: 'AUTH.TOO_MANY_ATTEMPTS',
      headers: { 'retry-after': '3600' },
    });
    await expect(limit.hit('verification', 'u2', rule)).resolves.toBeUndefined();
    await limit.onModuleDestroy();
  });
});
