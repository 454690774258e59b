import type { KeyRing, SessionRevocations } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { RefreshTokenRepository } from '../refresh-token.repository';
import type { SigningKeyRepository } from '../signing-key.repository';
import { TokenService } from '../token.service';
import { Logout } from './logout';
import { patientClaims } from '../../../test/fixtures';

describe('Logout', () => {
  const claims = patientClaims();

  const setup = (open: string[], revokeFamilies = jest.fn()) => {
    const fake = fakeUseCaseKit();
    const openFamilies = jest.fn().mockResolvedValue(open);
    // What this process refuses at once, and how many transactions had committed when it was told.
    const revokedLocally: Array<{ ids: string[]; committed: number }> = [];
    const revokeSessions = jest.fn(
      (ids: string[]) => void revokedLocally.push({ ids, committed: fake.transactions }),
    );
    const tokens = new TokenService(
      fake.kit,
      stub<SigningKeyRepository>({}, 'signingKeys'),
      stub<RefreshTokenRepository>({ openFamilies, revokeFamilies }, 'refreshTokens'),
      stub<KeyRing>({}, 'keyRing'),
      stub<SessionRevocations>({ revokeSessions }, 'revocations'),
    );
    return { fake, openFamilies, revokeFamilies, revokedLocally, useCase: new Logout(fake.kit, tokens) };
  };

  it('revokes every open session of the user, tells the other contexts, audits it, then refuses the sessions here', async () => {
    const { fake, openFamilies, revokeFamilies, revokedLocally, useCase } = setup(['f1', 'f2']);
    await expect(useCase.execute(claims, testCaller('u1'))).resolves.toEqual({ ok: true });
    expect(openFamilies).toHaveBeenCalledWith(fake.tx, 'u1');
    expect(revokeFamilies).toHaveBeenCalledWith(fake.tx, ['f1', 'f2']);
    expect(fake.events).toEqual([
      { type: 'auth.session-revoked', payload: { userId: 'u1', sessionIds: ['f1', 'f2'] } },
    ]);
    expect(fake.audit).toEqual([
      {
        action: 'auth.logout',
        resourceType: 'user',
        resourceId: 'u1',
        subjectId: 'u1',
        caller: testCaller('u1'),
      },
    ]);
    // The current session too, even if its family had no live refresh token; only after the commit.
    expect(revokedLocally).toEqual([{ ids: ['f1', 'f2', 's1'], committed: 1 }]);
  });

  it('with no open refresh token still ends the current session and audits, announcing nothing', async () => {
    const { fake, revokeFamilies, revokedLocally, useCase } = setup([]);
    await expect(useCase.execute(claims, testCaller('u1'))).resolves.toEqual({ ok: true });
    expect(revokeFamilies).not.toHaveBeenCalled();
    expect(fake.events).toEqual([]);
    expect(fake.audit).toEqual([expect.objectContaining({ action: 'auth.logout', resourceId: 'u1' })]);
    expect(revokedLocally).toEqual([{ ids: ['s1'], committed: 1 }]);
  });

  it('a failed revocation leaves no event, no audit row and nothing revoked here', async () => {
    const { fake, revokedLocally, useCase } = setup(
      ['f1'],
      jest.fn().mockRejectedValue(new Error('connection lost')),
    );
    await expect(useCase.execute(claims, testCaller('u1'))).rejects.toThrow('connection lost');
    expect(fake.events).toEqual([]);
    expect(fake.audit).toEqual([]);
    expect(revokedLocally).toEqual([]);
  });
});
