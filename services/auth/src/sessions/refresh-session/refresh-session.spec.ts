import { REFRESH_TOKEN_TTL_DAYS, type LoginResponse } from '@portal/contracts';
import type { KeyRing, SessionRevocations } from '@portal/server-kit';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { Account, UserRepository } from '../../accounts/user.repository';
import { sha256 } from '../random-token';
import type { RefreshTokenRepository, RefreshTokenRow } from '../refresh-token.repository';
import type { SessionService } from '../session.service';
import type { SigningKeyRepository } from '../signing-key.repository';
import { TokenService } from '../token.service';
import { RefreshSession } from './refresh-session';
import { patientAccount } from '../../../test/fixtures';

describe('RefreshSession', () => {
  const user = patientAccount();
  const answer = { token: 'access-2' } as LoginResponse;
  const row = (over: Partial<RefreshTokenRow> = {}): RefreshTokenRow => ({
    id: 't1',
    familyId: 'f1',
    userId: 'u1',
    remember: true,
    expiresAt: new Date(Date.now() + 3600_000),
    usedAt: null,
    revokedAt: null,
    ...over,
  });

  const setup = (found: RefreshTokenRow | null, account: Account | null = user) => {
    const fake = fakeUseCaseKit();
    const repo = {
      lockByHash: jest.fn().mockResolvedValue(found),
      markUsed: jest.fn(),
      insert: jest.fn(),
      revokeFamilies: jest.fn(),
    };
    const revokedLocally: Array<{ ids: string[]; committed: number }> = [];
    const revokeSessions = jest.fn(
      (ids: string[]) => void revokedLocally.push({ ids, committed: fake.transactions }),
    );
    const refreshTokens = stub<RefreshTokenRepository>(repo, 'refreshTokens');
    const tokens = new TokenService(
      fake.kit,
      stub<SigningKeyRepository>({}, 'signingKeys'),
      refreshTokens,
      stub<KeyRing>({}, 'keyRing'),
      stub<SessionRevocations>({ revokeSessions }, 'revocations'),
    );
    const findById = jest.fn().mockResolvedValue(account);
    const answerOf = jest.fn().mockResolvedValue(answer);
    const useCase = new RefreshSession(
      fake.kit,
      refreshTokens,
      tokens,
      stub<UserRepository>({ findById }, 'users'),
      stub<SessionService>({ answer: answerOf }, 'sessions'),
    );
    return { fake, repo, revokedLocally, findById, answerOf, useCase };
  };

  it('rotates: the presented token is used up and a new one of the same family answers a fresh access token', async () => {
    const { fake, repo, findById, answerOf, useCase } = setup(row());
    const before = Date.now();
    await expect(useCase.execute('old-refresh')).resolves.toBe(answer);
    expect(repo.lockByHash).toHaveBeenCalledWith(fake.tx, sha256('old-refresh'));
    expect(repo.markUsed).toHaveBeenCalledWith(fake.tx, 't1');
    const [, newToken, sid] = answerOf.mock.calls[0];
    expect(answerOf).toHaveBeenCalledWith(user, expect.any(String), 'f1');
    expect(sid).toBe('f1');
    expect(newToken).not.toBe('old-refresh');
    const [tx, stored] = repo.insert.mock.calls[0];
    expect(tx).toBe(fake.tx);
    // Only the hash of the new token is stored, in the same family, remembered like the old one.
    expect(stored).toMatchObject({
      familyId: 'f1',
      userId: 'u1',
      tokenHash: sha256(newToken),
      remember: true,
    });
    expect(stored.expiresAt.getTime()).toBeGreaterThanOrEqual(
      before + REFRESH_TOKEN_TTL_DAYS.remember * 86400_000,
    );
    expect(findById).toHaveBeenCalledWith(fake.kit.db, 'u1');
    expect(fake.transactions).toBe(1);
    expect(fake.events).toEqual([]);
    expect(repo.revokeFamilies).not.toHaveBeenCalled();
  });

  it('keeps a session that is not remembered short-lived', async () => {
    const { repo, useCase } = setup(row({ remember: false }));
    await useCase.execute('old-refresh');
    const [, stored] = repo.insert.mock.calls[0];
    expect(stored.remember).toBe(false);
    expect(stored.expiresAt.getTime()).toBeLessThanOrEqual(
      Date.now() + REFRESH_TOKEN_TTL_DAYS.session * 86400_000,
    );
  });

  it.each([
    ['used', { usedAt: new Date() }],
    ['revoked', { revokedAt: new Date() }],
  ])(
    'a %s token revokes its whole family, commits that, and only then answers 401 AUTH.REFRESH_REUSED',
    async (_, over) => {
      const { fake, repo, revokedLocally, answerOf, useCase } = setup(row(over));
      await expect(useCase.execute('stolen-refresh')).rejects.toMatchObject({
        code: 'AUTH.REFRESH_REUSED',
        status: 401,
        message: 'Your session has ended. Please sign in again.',
      });
      expect(repo.revokeFamilies).toHaveBeenCalledWith(fake.tx, ['f1']);
      expect(fake.transactions).toBe(1);
      expect(fake.events).toEqual([
        { type: 'auth.session-revoked', payload: { userId: 'u1', sessionIds: ['f1'] } },
      ]);
      expect(revokedLocally).toEqual([{ ids: ['f1'], committed: 1 }]);
      expect(repo.markUsed).not.toHaveBeenCalled();
      expect(repo.insert).not.toHaveBeenCalled();
      expect(answerOf).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['unknown', null],
    ['expired', row({ expiresAt: new Date(Date.now() - 1000) })],
  ])('an %s token answers 401 "session ended" and changes nothing', async (_, found) => {
    const { fake, repo, revokedLocally, answerOf, useCase } = setup(found);
    await expect(useCase.execute('some-refresh')).rejects.toMatchObject({
      code: 'AUTH.UNAUTHENTICATED',
      status: 401,
      message: 'Your session has ended. Please sign in again.',
    });
    expect(repo.markUsed).not.toHaveBeenCalled();
    expect(repo.insert).not.toHaveBeenCalled();
    expect(repo.revokeFamilies).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.events).toEqual([]);
    expect(revokedLocally).toEqual([]);
    expect(answerOf).not.toHaveBeenCalled();
  });

  it('answers 404 "User not found" when the account is gone by the time the token rotated', async () => {
    const { fake, answerOf, useCase } = setup(row(), null);
    await expect(useCase.execute('old-refresh')).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      status: 404,
      message: 'User not found',
    });
    expect(fake.transactions).toBe(1);
    expect(answerOf).not.toHaveBeenCalled();
  });
});
