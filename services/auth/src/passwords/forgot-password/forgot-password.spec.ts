import { logger, type MailMessage, type MailService, type PortalConfig } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { Account, UserRepository } from '../../accounts/user.repository';
import { AccountRateLimit } from '../../limits/account-rate-limit';
import type { AccountLinkRepository } from '../../links/account-link.repository';
import { AccountLinks } from '../../links/account-links';
import { AfterAnswer } from '../../notices/after-answer';
import { sha256 } from '../../sessions/random-token';
import { ForgotPassword } from './forgot-password';
import { patientAccount } from '../../../test/fixtures';

describe('ForgotPassword', () => {
  const user = patientAccount();

  const setup = (found: Account | null, limit = 30) => {
    const fake = fakeUseCaseKit();
    const findByEmail = jest.fn().mockResolvedValue(found);
    const repo = { retire: jest.fn(), insert: jest.fn() };
    const mails: Array<MailMessage & { committed: number }> = [];
    const send = jest.fn(async (m: MailMessage) => void mails.push({ ...m, committed: fake.transactions }));
    const links = new AccountLinks(
      fake.kit,
      { publicUrl: 'https://portal.test' } as PortalConfig,
      stub<MailService>({ send }, 'mailer'),
      stub<AccountLinkRepository>(repo, 'accountLinks'),
    );
    const afterAnswer = new AfterAnswer();
    const useCase = new ForgotPassword(
      fake.kit,
      stub<UserRepository>({ findByEmail }, 'users'),
      links,
      new AccountRateLimit({ accountRateLimitPerMinute: limit }),
      afterAnswer,
    );
    return { fake, findByEmail, repo, mails, send, useCase, afterAnswer };
  };

  it('answers before it looks the account up; then stores a one-hour reset link, audited, and mails it after the commit', async () => {
    const { fake, findByEmail, repo, mails, useCase, afterAnswer } = setup(user);
    const before = Date.now();
    await expect(useCase.execute('Pat@Example.com', testCaller(null))).resolves.toEqual({
      message: 'We have sent you an email containing a link to reset your password.',
    });
    // The answer is out before any account is looked up: its timing cannot tell whether one exists.
    expect(findByEmail).not.toHaveBeenCalled();
    await afterAnswer.settled();
    expect(findByEmail).toHaveBeenCalledWith(fake.kit.db, 'Pat@Example.com');
    // Older unused reset links die: only the newest mail works.
    expect(repo.retire).toHaveBeenCalledWith(fake.tx, 'u1', ['RESET_PASSWORD']);
    const [[tx, stored]] = repo.insert.mock.calls;
    expect(tx).toBe(fake.tx);
    expect(stored).toMatchObject({ userId: 'u1', purpose: 'RESET_PASSWORD', payload: null });
    expect(stored.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 3600_000);
    expect(stored.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3600_000);
    expect(fake.audit).toEqual([
      {
        action: 'auth.reset-link-sent',
        resourceType: 'user',
        resourceId: 'u1',
        subjectId: 'u1',
        caller: testCaller(null),
      },
    ]);
    expect(mails).toEqual([
      expect.objectContaining({
        to: 'pat@example.com',
        subject: 'Reset your Patient Portal password',
        committed: 1,
      }),
    ]);
    const token = /https:\/\/portal\.test\/reset-password\?token=([\w-]+)/.exec(mails[0].text)?.[1];
    expect(token && sha256(token)).toBe(stored.tokenHash);
  });

  it('answers the same when no account has the address, and stores, audits and mails nothing', async () => {
    const { fake, findByEmail, repo, send, useCase, afterAnswer } = setup(null);
    await expect(useCase.execute('nobody@example.com', testCaller(null))).resolves.toEqual({
      message: 'We have sent you an email containing a link to reset your password.',
    });
    await afterAnswer.settled();
    expect(findByEmail).toHaveBeenCalledTimes(1);
    expect(repo.insert).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.audit).toEqual([]);
    expect(send).not.toHaveBeenCalled();
  });

  it('limits requests per address (whatever its case) and minute with 429, before any lookup', async () => {
    const { findByEmail, send, useCase, afterAnswer } = setup(user, 1);
    await useCase.execute('pat@example.com', testCaller(null));
    await expect(useCase.execute('PAT@EXAMPLE.COM', testCaller(null))).rejects.toMatchObject({
      code: 'AUTH.TOO_MANY_ATTEMPTS',
      status: 429,
    });
    await afterAnswer.settled();
    expect(findByEmail).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('a failed store after the answer leaves no audit row, mails nothing and is logged as an error, never lost silently', async () => {
    const { fake, repo, send, useCase, afterAnswer } = setup(user);
    const logged = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    try {
      repo.insert.mockRejectedValue(new Error('connection lost'));
      await expect(useCase.execute('pat@example.com', testCaller(null))).resolves.toEqual({
        message: 'We have sent you an email containing a link to reset your password.',
      });
      await afterAnswer.settled();
      expect(fake.audit).toEqual([]);
      expect(send).not.toHaveBeenCalled();
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({
          what: 'forgot-password reset link',
          err: expect.objectContaining({ message: 'connection lost' }),
        }),
        'work after the answer failed',
      );
    } finally {
      logged.mockRestore();
    }
  });
});
