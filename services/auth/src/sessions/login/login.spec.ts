import type { LoginResponse } from '@portal/contracts';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { Account, UserRepository } from '../../accounts/user.repository';
import { AccountRateLimit } from '../../limits/account-rate-limit';
import { FailedLogins } from '../failed-logins';
import type { LoginAttemptRepository } from '../login-attempt.repository';
import { hashPassword, verifyPassword } from '../passwords';
import type { SessionService } from '../session.service';
import { Login } from './login';
import { patientAccount } from '../../../test/fixtures';

// The real argon2 check, watched: the password must be verified even when there is no account.
jest.mock('../passwords', () => {
  const actual = jest.requireActual('../passwords');
  return { ...actual, verifyPassword: jest.fn(actual.verifyPassword) };
});

describe('Login', () => {
  let passwordHash: string;
  beforeAll(async () => {
    passwordHash = await hashPassword('Right-Pass-1');
  });
  beforeEach(() => jest.mocked(verifyPassword).mockClear());

  const account = (over: Partial<Account> = {}): Account => patientAccount({ passwordHash, ...over });
  const session = { token: 'access', refresh_token: 'refresh', userId: 'u1' } as LoginResponse;

  const setup = (user: Account | null, opts: { failures?: number; limit?: number } = {}) => {
    const fake = fakeUseCaseKit();
    const findByEmail = jest.fn().mockResolvedValue(user);
    const open = jest.fn().mockResolvedValue(session);
    const recentFailures = jest
      .fn()
      .mockResolvedValue({ count: opts.failures ?? 0, retryInSeconds: opts.failures ? 120 : null });
    const useCase = new Login(
      fake.kit,
      stub<UserRepository>({ findByEmail }, 'users'),
      stub<SessionService>({ open }, 'sessions'),
      new FailedLogins(fake.kit, stub<LoginAttemptRepository>({ recentFailures }, 'attempts')),
      new AccountRateLimit({ accountRateLimitPerMinute: opts.limit ?? 30 }),
    );
    return { fake, findByEmail, open, recentFailures, useCase };
  };

  it('opens a session for the right password, audited as a sign-in with the caller’s address', async () => {
    const user = account();
    const { fake, findByEmail, open, recentFailures, useCase } = setup(user);
    await expect(
      useCase.execute(
        { username: 'Pat@Example.com', password: 'Right-Pass-1', remember: true },
        testCaller(null),
      ),
    ).resolves.toBe(session);
    expect(findByEmail).toHaveBeenCalledWith(fake.kit.db, 'Pat@Example.com');
    expect(recentFailures).toHaveBeenCalledWith(fake.kit.db, 'u1');
    expect(open).toHaveBeenCalledWith(fake.tx, user, true);
    expect(fake.transactions).toBe(1);
    expect(fake.audit).toEqual([
      {
        actorId: 'u1',
        action: 'auth.login',
        resourceType: 'user',
        resourceId: 'u1',
        subjectId: 'u1',
        caller: { userId: null, ip: '203.0.113.7', requestId: 'req-1' },
      },
    ]);
    expect(fake.events).toEqual([]);
  });

  it('opens a session that is not remembered when remember is not given', async () => {
    const { fake, open, useCase } = setup(account());
    await useCase.execute({ username: 'pat@example.com', password: 'Right-Pass-1' }, testCaller(null));
    expect(open).toHaveBeenCalledWith(fake.tx, expect.objectContaining({ id: 'u1' }), false);
  });

  it('answers the NEW_PASSWORD_REQUIRED challenge for an account without a password, checking no password and opening no session', async () => {
    const { fake, open, recentFailures, useCase } = setup(
      account({ passwordHash: null, activeRole: 'PATIENT' }),
    );
    await expect(
      useCase.execute({ username: 'pat@example.com', password: 'anything' }, testCaller(null)),
    ).resolves.toEqual({
      token: null,
      role: { id: 1, role: expect.any(String), active: true, role_mnemonic: 'PATIENT', mnemonic: 'PATIENT' },
      userId: 'u1',
      challenge: 'NEW_PASSWORD_REQUIRED',
      user: null,
    });
    expect(verifyPassword).not.toHaveBeenCalled();
    expect(recentFailures).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.audit).toEqual([]);
  });

  it('refuses a wrong password with 401 and records a failed sign-in of the account', async () => {
    const { fake, open, useCase } = setup(account());
    await expect(
      useCase.execute({ username: 'pat@example.com', password: 'Wrong-Pass-1' }, testCaller(null)),
    ).rejects.toMatchObject({
      code: 'AUTH.INVALID_CREDENTIALS',
      status: 401,
      message: 'Incorrect username or password.',
    });
    expect(verifyPassword).toHaveBeenCalledWith(passwordHash, 'Wrong-Pass-1');
    expect(fake.audit).toEqual([
      {
        actorId: 'u1',
        action: 'auth.login-failed',
        resourceType: 'user',
        resourceId: 'u1',
        subjectId: 'u1',
        detail: undefined,
        caller: testCaller(null),
      },
    ]);
    expect(open).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.events).toEqual([]);
  });

  it('verifies the password even when there is no account, and answers exactly as for a wrong password', async () => {
    const { fake, open, recentFailures, useCase } = setup(null);
    await expect(
      useCase.execute({ username: 'nobody@example.com', password: 'Right-Pass-1' }, testCaller(null)),
    ).rejects.toMatchObject({
      code: 'AUTH.INVALID_CREDENTIALS',
      status: 401,
      message: 'Incorrect username or password.',
    });
    expect(verifyPassword).toHaveBeenCalledWith(null, 'Right-Pass-1');
    expect(recentFailures).not.toHaveBeenCalled();
    expect(fake.audit).toEqual([
      expect.objectContaining({
        actorId: null,
        action: 'auth.login-failed',
        resourceId: null,
        subjectId: null,
        caller: testCaller(null),
      }),
    ]);
    expect(open).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
  });

  it('refuses every sign-in of an account with 100 failures in the hour, with Retry-After, before checking the password', async () => {
    const { fake, open, useCase } = setup(account(), { failures: 100 });
    await expect(
      useCase.execute({ username: 'pat@example.com', password: 'Right-Pass-1' }, testCaller(null)),
    ).rejects.toMatchObject({
      code: 'AUTH.TOO_MANY_ATTEMPTS',
      status: 429,
      message: 'Too many attempts. Please wait and try again.',
      headers: { 'retry-after': '120' },
    });
    expect(verifyPassword).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    expect(fake.audit).toEqual([]);
  });

  it('still signs in with 99 failures in the hour', async () => {
    const { open, useCase } = setup(account(), { failures: 99 });
    await expect(
      useCase.execute({ username: 'pat@example.com', password: 'Right-Pass-1' }, testCaller(null)),
    ).resolves.toBe(session);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('counts calls per account whatever the case of the address, refusing the one over the limit before any lookup', async () => {
    const { fake, findByEmail, useCase } = setup(null, { limit: 1 });
    await expect(
      useCase.execute({ username: 'pat@example.com', password: 'x' }, testCaller(null)),
    ).rejects.toMatchObject({ code: 'AUTH.INVALID_CREDENTIALS' });
    await expect(
      useCase.execute({ username: ' PAT@example.com', password: 'x' }, testCaller(null)),
    ).rejects.toMatchObject({ code: 'AUTH.TOO_MANY_ATTEMPTS', status: 429 });
    expect(findByEmail).toHaveBeenCalledTimes(1);
    expect(fake.audit).toHaveLength(1);
  });
});
