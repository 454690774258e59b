import type { MailMessage, MailService, PortalConfig } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { Account, UserRepository } from '../../accounts/user.repository';
import { AccountRateLimit } from '../../limits/account-rate-limit';
import type { AccountLinkRepository } from '../../links/account-link.repository';
import { AccountLinks } from '../../links/account-links';
import { sha256 } from '../../sessions/random-token';
import { RequestPhoneLogin } from './request-phone-login';

describe('RequestPhoneLogin', () => {
  const user = { id: 'u1', email: 'pat@example.com', firstName: 'Pat', personId: 'p1' } as Account;
  const answer = {
    message: 'If an account uses this phone number, we have sent a sign-in link to its email address.',
  };

  const setup = (found: Account | null, limit = 30) => {
    const fake = fakeUseCaseKit();
    const findByPhone = jest.fn().mockResolvedValue(found);
    const repo = { retire: jest.fn(), insert: jest.fn() };
    const mails: Array<MailMessage & { committed: number }> = [];
    const send = jest.fn(async (m: MailMessage) => void mails.push({ ...m, committed: fake.transactions }));
    const useCase = new RequestPhoneLogin(
      fake.kit,
      stub<UserRepository>({ findByPhone }, 'users'),
      new AccountLinks(
        fake.kit,
        { publicUrl: 'https://portal.test' } as PortalConfig,
        stub<MailService>({ send }, 'mailer'),
        stub<AccountLinkRepository>(repo, 'accountLinks'),
      ),
      new AccountRateLimit({ accountRateLimitPerMinute: limit }),
    );
    return { fake, findByPhone, repo, mails, send, useCase };
  };

  it('stores a 15-minute sign-in link, audited, and mails it to the address of the account with that number after the commit', async () => {
    const { fake, findByPhone, repo, mails, useCase } = setup(user);
    const before = Date.now();
    await expect(
      useCase.execute({ countryCode: '1', phone: '2125550147' }, testCaller(null)),
    ).resolves.toEqual(answer);
    expect(findByPhone).toHaveBeenCalledWith(fake.kit.db, '1', '2125550147');
    expect(repo.retire).toHaveBeenCalledWith(fake.tx, 'u1', ['PHONE_LOGIN']);
    const [[tx, stored]] = repo.insert.mock.calls;
    expect(tx).toBe(fake.tx);
    expect(stored).toMatchObject({ userId: 'u1', purpose: 'PHONE_LOGIN' });
    expect(stored.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 15 * 60_000);
    expect(stored.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    expect(fake.audit).toEqual([
      {
        action: 'auth.phone-login-link-sent',
        resourceType: 'user',
        resourceId: 'u1',
        subjectId: 'u1',
        caller: testCaller(null),
      },
    ]);
    expect(mails).toEqual([
      expect.objectContaining({
        to: 'pat@example.com',
        subject: 'Your Patient Portal sign-in link',
        committed: 1,
      }),
    ]);
    const token = /https:\/\/portal\.test\/loginAs\?token=([\w-]+)/.exec(mails[0].text)?.[1];
    expect(token && sha256(token)).toBe(stored.tokenHash);
  });

  it('answers the same when no account has the number, and stores, audits and mails nothing', async () => {
    const { fake, repo, send, useCase } = setup(null);
    await expect(
      useCase.execute({ countryCode: '1', phone: '2125550100' }, testCaller(null)),
    ).resolves.toEqual(answer);
    expect(repo.insert).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.audit).toEqual([]);
    expect(send).not.toHaveBeenCalled();
  });

  it('limits requests per number and minute with 429, before any lookup', async () => {
    const { findByPhone, send, useCase } = setup(user, 1);
    await useCase.execute({ countryCode: '1', phone: '2125550147' }, testCaller(null));
    await expect(
      useCase.execute({ countryCode: '1', phone: '2125550147' }, testCaller(null)),
    ).rejects.toMatchObject({ code: 'AUTH.TOO_MANY_ATTEMPTS', status: 429 });
    expect(findByPhone).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledTimes(1);
    // Another number has its own allowance.
    await expect(
      useCase.execute({ countryCode: '44', phone: '2125550147' }, testCaller(null)),
    ).resolves.toEqual(answer);
  });
});
