import { AccountRateLimit } from './account-rate-limit';

describe('AccountRateLimit', () => {
  it('refuses the call over the limit of a minute with Retry-After, per account and scope', () => {
    const limit = new AccountRateLimit({ accountRateLimitPerMinute: 30 });
    for (let i = 0; i < 30; i++) limit.hit('login', 'A@example.com', 1_000);
    expect(() => limit.hit('login', 'a@example.com', 31_000)).toThrow(expect.objectContaining({ code: 'AUTH.TOO_MANY_ATTEMPTS', headers: { 'retry-after': '30' } }));
    expect(() => limit.hit('login', 'b@example.com', 31_000)).not.toThrow();
    expect(() => limit.hit('lookup', 'a@example.com', 31_000)).not.toThrow();
    // A new window starts a minute later.
    expect(() => limit.hit('login', 'a@example.com', 61_000)).not.toThrow();
  });
});
