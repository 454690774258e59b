import type { MailMessage, MailService, PortalConfig } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { Account, UserRepository } from '../../accounts/user.repository';
import type { AccountLinkRepository } from '../../links/account-link.repository';
import { AccountLinks } from '../../links/account-links';
import { FailedLogins } from '../../sessions/failed-logins';
import type { LoginAttemptRepository } from '../../sessions/login-attempt.repository';
import { hashPassword } from '../../sessions/passwords';
import { sha256 } from '../../sessions/random-token';
import { RequestAccountRemoval } from './request-account-removal';
import { patientClaims } from '../../../test/fixtures';

describe('RequestAccountRemoval', () => {
  let passwordHash: string;
  beforeAll(async () => {
    passwordHash = await hashPassword('Right-Pass-1');
  });
  const claims = patientClaims();

  const setup = (opts: { gone?: boolean; failures?: number } = {}) => {
    const fake = fakeUseCaseKit();
    const user = opts.gone
      ? null
      : ({ id: 'u1', email: 'pat@example.com', firstName: 'Pat', personId: 'p1', passwordHash } as Account);
    const findById = jest.fn().mockResolvedValue(user);
    const repo = { retire: jest.fn(), insert: jest.fn() };
    const recentFailures = jest
      .fn()
      .mockResolvedValue({ count: opts.failures ?? 0, retryInSeconds: opts.failures ? 60 : null });
    const mails: Array<MailMessage & { committed: number }> = [];
    const send = jest.fn(async (m: MailMessage) => void mails.push({ ...m, committed: fake.transactions }));
    const useCase = new RequestAccountRemoval(
      fake.kit,
      stub<UserRepository>({ findById }, 'users'),
      new FailedLogins(fake.kit, stub<LoginAttemptRepository>({ recentFailures }, 'attempts')),
      new AccountLinks(
        fake.kit,
        { publicUrl: 'https://portal.test' } as PortalConfig,
        stub<MailService>({ send }, 'mailer'),
        stub<AccountLinkRepository>(repo, 'accountLinks'),
      ),
    );
    return { fake, findById, repo, mails, send, useCase };
  };

  it('with the right password stores a one-hour removal link, audited, and mails it to the account after the commit; nothing is removed', async () => {
    const { fake, findById, repo, mails, useCase } = setup();
    const before = Date.now();
    await expect(useCase.execute(claims, 'Right-Pass-1', testCaller('u1'))).resolves.toEqual({
      message: 'We have sent you an email with a link to confirm the removal of your account.',
    });
    expect(findById).toHaveBeenCalledWith(fake.kit.db, 'u1');
    expect(repo.retire).toHaveBeenCalledWith(fake.tx, 'u1', ['ACCOUNT_REMOVAL']);
    const [[tx, stored]] = repo.insert.mock.calls;
    expect(tx).toBe(fake.tx);
    expect(stored).toMatchObject({ userId: 'u1', purpose: 'ACCOUNT_REMOVAL' });
    expect(stored.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 3600_000);
    expect(stored.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3600_000);
    expect(fake.audit).toEqual([
      {
        action: 'auth.account-removal-requested',
        resourceType: 'user',
        resourceId: 'u1',
        subjectId: 'u1',
        caller: testCaller('u1'),
      },
    ]);
    expect(fake.events).toEqual([]);
    expect(mails).toEqual([
      expect.objectContaining({
        to: 'pat@example.com',
        subject: 'Confirm the removal of your Patient Portal account',
        committed: 1,
      }),
    ]);
    const token = /https:\/\/portal\.test\/account-removal\?token=([\w-]+)/.exec(mails[0].text)?.[1];
    expect(token && sha256(token)).toBe(stored.tokenHash);
  });

  it('refuses a wrong password (400 on currentPassword), counted as a failed sign-in, and stores and mails nothing', async () => {
    const { fake, repo, send, useCase } = setup();
    await expect(useCase.execute(claims, 'Guess-1', testCaller('u1'))).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      status: 400,
      message: 'Current password is incorrect',
      errors: { currentPassword: 'Current password is incorrect' },
    });
    expect(repo.insert).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.audit).toEqual([
      expect.objectContaining({
        actorId: 'u1',
        action: 'auth.login-failed',
        subjectId: 'u1',
        detail: { reauth: true },
        caller: testCaller('u1'),
      }),
    ]);
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses with 429 after 100 failed sign-ins in the hour', async () => {
    const { fake, repo, send, useCase } = setup({ failures: 100 });
    await expect(useCase.execute(claims, 'Right-Pass-1', testCaller('u1'))).rejects.toMatchObject({
      code: 'AUTH.TOO_MANY_ATTEMPTS',
      status: 429,
      headers: { 'retry-after': '60' },
    });
    expect(repo.insert).not.toHaveBeenCalled();
    expect(fake.audit).toEqual([]);
    expect(send).not.toHaveBeenCalled();
  });

  it('answers 401 when the signed-in account is gone', async () => {
    const { fake, send, useCase } = setup({ gone: true });
    await expect(useCase.execute(claims, 'Right-Pass-1', testCaller('u1'))).rejects.toMatchObject({
      code: 'AUTH.UNAUTHENTICATED',
      status: 401,
      message: 'Please sign in to continue',
    });
    expect(fake.audit).toEqual([]);
    expect(send).not.toHaveBeenCalled();
  });
});
