import type { LoginResponse } from '@portal/contracts';
import type { KeyRing, SessionRevocations, Tx } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { Account, UserRepository } from '../../accounts/user.repository';
import type { AccountNotices } from '../../notices/account-notices';
import { FailedLogins } from '../../sessions/failed-logins';
import type { LoginAttemptRepository } from '../../sessions/login-attempt.repository';
import { hashPassword, verifyPassword } from '../../sessions/passwords';
import type { RefreshTokenRepository } from '../../sessions/refresh-token.repository';
import type { SessionService } from '../../sessions/session.service';
import type { SigningKeyRepository } from '../../sessions/signing-key.repository';
import { TokenService } from '../../sessions/token.service';
import { ChangePassword } from './change-password';
import { patientAccount, patientClaims } from '../../../test/fixtures';

describe('ChangePassword', () => {
  let oldHash: string;
  beforeAll(async () => {
    oldHash = await hashPassword('Old-Pass-1');
  });

  const claims = patientClaims();
  const account = (): Account => patientAccount({ passwordHash: oldHash });
  const session = { token: 'access-new', refresh_token: 'refresh-new', userId: 'u1' } as LoginResponse;

  const setup = (opts: { user?: Account | null; failures?: number; setPassword?: jest.Mock } = {}) => {
    const fake = fakeUseCaseKit();
    const user = opts.user === undefined ? account() : opts.user;
    const findById = jest.fn().mockResolvedValue(user);
    const setPassword = opts.setPassword ?? jest.fn();
    const refreshTokens = {
      openFamilies: jest.fn().mockResolvedValue(['f1', 'f2']),
      revokeFamilies: jest.fn(),
    };
    const recentFailures = jest
      .fn()
      .mockResolvedValue({ count: opts.failures ?? 0, retryInSeconds: opts.failures ? 600 : null });
    // When each effect happened, measured in committed transactions.
    const revokedLocally: Array<{ ids: string[]; committed: number }> = [];
    const opened: Array<{ tx: Tx; committed: number; revokedBefore: boolean }> = [];
    const notices: Array<{ notice: string; user: Account; to: string; committed: number }> = [];
    const tokens = new TokenService(
      fake.kit,
      stub<SigningKeyRepository>({}, 'signingKeys'),
      stub<RefreshTokenRepository>(refreshTokens, 'refreshTokens'),
      stub<KeyRing>({}, 'keyRing'),
      stub<SessionRevocations>(
        {
          revokeSessions: (ids: string[]) => void revokedLocally.push({ ids, committed: fake.transactions }),
        },
        'revocations',
      ),
    );
    const useCase = new ChangePassword(
      fake.kit,
      stub<UserRepository>({ findById, setPassword }, 'users'),
      new FailedLogins(fake.kit, stub<LoginAttemptRepository>({ recentFailures }, 'attempts')),
      stub<SessionService>(
        {
          open: async (tx: Tx) => {
            opened.push({
              tx,
              committed: fake.transactions,
              revokedBefore: refreshTokens.revokeFamilies.mock.calls.length > 0,
            });
            return session;
          },
        },
        'sessions',
      ),
      tokens,
      stub<AccountNotices>(
        {
          send: async (notice, u, to) => {
            notices.push({ notice, user: u as Account, to, committed: fake.transactions });
            return true;
          },
        },
        'notices',
      ),
    );
    return {
      fake,
      findById,
      setPassword,
      refreshTokens,
      recentFailures,
      revokedLocally,
      opened,
      notices,
      useCase,
    };
  };

  it('sets the new password, ends every other session, audits, and answers a fresh session', async () => {
    const { fake, findById, setPassword, refreshTokens, opened, useCase } = setup();
    const answer = await useCase.execute(
      claims,
      { currentPassword: 'Old-Pass-1', newPassword: 'New-Pass-2' },
      testCaller('u1'),
    );
    expect(answer).toEqual({ message: 'Your password has been changed successfully', ...session });
    expect(findById).toHaveBeenCalledWith(fake.kit.db, 'u1');
    const [[tx, id, newHash]] = setPassword.mock.calls;
    expect([tx, id]).toEqual([fake.tx, 'u1']);
    await expect(verifyPassword(newHash, 'New-Pass-2')).resolves.toBe(true);
    expect(refreshTokens.revokeFamilies).toHaveBeenCalledWith(fake.tx, ['f1', 'f2']);
    expect(fake.transactions).toBe(1);
    expect(fake.events).toEqual([
      { type: 'auth.session-revoked', payload: { userId: 'u1', sessionIds: ['f1', 'f2'] } },
    ]);
    expect(fake.audit).toEqual([
      {
        action: 'auth.password-set',
        resourceType: 'user',
        resourceId: 'u1',
        subjectId: 'u1',
        detail: { purpose: 'CHANGE' },
        caller: testCaller('u1'),
      },
    ]);
    // The fresh session is opened in the same transaction, after the old ones were revoked.
    expect(opened).toEqual([{ tx: fake.tx, committed: 0, revokedBefore: true }]);
  });

  it('revokes the sessions in this process and mails the notice to the account only after the commit', async () => {
    const { revokedLocally, notices, useCase } = setup();
    await useCase.execute(
      claims,
      { currentPassword: 'Old-Pass-1', newPassword: 'New-Pass-2' },
      testCaller('u1'),
    );
    expect(revokedLocally).toEqual([{ ids: ['f1', 'f2'], committed: 1 }]);
    expect(notices).toEqual([
      {
        notice: 'ACCOUNT_PASSWORD_CHANGED_NOTIFICATION',
        user: expect.objectContaining({ id: 'u1', firstName: 'Pat' }),
        to: 'pat@example.com',
        committed: 1,
      },
    ]);
  });

  it('refuses a wrong current password before touching anything; the attempt counts as a failed sign-in', async () => {
    const { fake, setPassword, refreshTokens, opened, notices, revokedLocally, useCase } = setup();
    await expect(
      useCase.execute(claims, { currentPassword: 'Guess-1', newPassword: 'New-Pass-2' }, testCaller('u1')),
    ).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      status: 400,
      message: 'Current password is incorrect',
      errors: { currentPassword: 'Current password is incorrect' },
    });
    expect(setPassword).not.toHaveBeenCalled();
    expect(refreshTokens.openFamilies).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.events).toEqual([]);
    // The only row: the failed re-authentication, which the failed-sign-in rule counts.
    expect(fake.audit).toEqual([
      {
        actorId: 'u1',
        action: 'auth.login-failed',
        resourceType: 'user',
        resourceId: 'u1',
        subjectId: 'u1',
        detail: { reauth: true },
        caller: testCaller('u1'),
      },
    ]);
    expect(opened).toEqual([]);
    expect(revokedLocally).toEqual([]);
    expect(notices).toEqual([]);
  });

  it('refuses with 429 once the account has 100 failed sign-ins in the hour, without checking the password', async () => {
    const { fake, setPassword, notices, recentFailures, useCase } = setup({ failures: 100 });
    await expect(
      useCase.execute(claims, { currentPassword: 'Old-Pass-1', newPassword: 'New-Pass-2' }, testCaller('u1')),
    ).rejects.toMatchObject({
      code: 'AUTH.TOO_MANY_ATTEMPTS',
      status: 429,
      headers: { 'retry-after': '600' },
    });
    expect(recentFailures).toHaveBeenCalledWith(fake.kit.db, 'u1');
    expect(setPassword).not.toHaveBeenCalled();
    expect(fake.audit).toEqual([]);
    expect(notices).toEqual([]);
  });

  it('answers 401 when the signed-in account is gone', async () => {
    const { fake, setPassword, useCase } = setup({ user: null });
    await expect(
      useCase.execute(claims, { currentPassword: 'Old-Pass-1', newPassword: 'New-Pass-2' }, testCaller('u1')),
    ).rejects.toMatchObject({
      code: 'AUTH.UNAUTHENTICATED',
      status: 401,
      message: 'Please sign in to continue',
    });
    expect(setPassword).not.toHaveBeenCalled();
    expect(fake.audit).toEqual([]);
  });

  it('a failed write rolls back: no event, no audit row, nothing revoked here, no notice', async () => {
    const { fake, revokedLocally, notices, useCase } = setup({
      setPassword: jest.fn().mockRejectedValue(new Error('connection lost')),
    });
    await expect(
      useCase.execute(claims, { currentPassword: 'Old-Pass-1', newPassword: 'New-Pass-2' }, testCaller('u1')),
    ).rejects.toThrow('connection lost');
    expect(fake.events).toEqual([]);
    expect(fake.audit).toEqual([]);
    expect(revokedLocally).toEqual([]);
    expect(notices).toEqual([]);
  });
});
