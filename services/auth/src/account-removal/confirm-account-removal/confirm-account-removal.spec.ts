import type { KeyRing, MailService, PortalConfig, SessionRevocations } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { UserRepository } from '../../accounts/user.repository';
import type { AccountLinkRepository, AccountLinkRow } from '../../links/account-link.repository';
import { AccountLinks } from '../../links/account-links';
import { sha256 } from '../../sessions/random-token';
import type { RefreshTokenRepository } from '../../sessions/refresh-token.repository';
import type { SigningKeyRepository } from '../../sessions/signing-key.repository';
import { TokenService } from '../../sessions/token.service';
import type { ConnectedApps } from '../../smart/connected-apps/connected-apps';
import { ConfirmAccountRemoval } from './confirm-account-removal';
import { patientClaims } from '../../../test/fixtures';

describe('ConfirmAccountRemoval', () => {
  const claims = patientClaims();
  const link = (over: Partial<AccountLinkRow> = {}): AccountLinkRow => ({
    id: 'l1',
    userId: 'u1',
    purpose: 'ACCOUNT_REMOVAL',
    expiresAt: new Date(Date.now() + 600_000),
    usedAt: null,
    payload: null,
    ...over,
  });

  const setup = (
    found: AccountLinkRow | null = link(),
    removal: () => Promise<void> = async () => undefined,
  ) => {
    const fake = fakeUseCaseKit();
    const linkRepo = { lockByHash: jest.fn().mockResolvedValue(found), markUsed: jest.fn() };
    const refreshTokens = { openFamilies: jest.fn().mockResolvedValue(['f1']), revokeFamilies: jest.fn() };
    const revokedLocally: Array<{ ids: string[]; committed: number }> = [];
    // The order in which the account's effects happened inside the transaction.
    const steps: string[] = [];
    const recordEvent = fake.kit.events.record;
    fake.kit.events.record = async (tx, type, payload) => {
      steps.push(`event ${type}`);
      return recordEvent(tx, type, payload);
    };
    const recordAudit = fake.kit.audit.record;
    fake.kit.audit.record = async (tx, caller, fields) => {
      steps.push(`audit ${fields.action}`);
      return recordAudit(tx, caller, fields);
    };
    const remove = jest.fn(async () => {
      steps.push('remove');
      await removal();
    });
    const useCase = new ConfirmAccountRemoval(
      fake.kit,
      stub<UserRepository>({ remove }, 'users'),
      new AccountLinks(
        fake.kit,
        { publicUrl: 'https://portal.test' } as PortalConfig,
        stub<MailService>({}, 'mailer'),
        stub<AccountLinkRepository>(linkRepo, 'accountLinks'),
      ),
      new TokenService(
        fake.kit,
        stub<SigningKeyRepository>({}, 'signingKeys'),
        stub<RefreshTokenRepository>(refreshTokens, 'refreshTokens'),
        stub<KeyRing>({}, 'keyRing'),
        stub<SessionRevocations>(
          {
            revokeSessions: (ids: string[]) =>
              void revokedLocally.push({ ids, committed: fake.transactions }),
          },
          'revocations',
        ),
      ),
      stub<ConnectedApps>({ revokeAll: async () => ['app1'] }, 'apps'),
    );
    return { fake, linkRepo, refreshTokens, remove, revokedLocally, steps, useCase };
  };

  it('uses up the link of the same user, ends every session and connected app, records auth.account-removed and then removes the account', async () => {
    const { fake, linkRepo, refreshTokens, remove, steps, useCase } = setup();
    await expect(useCase.execute(claims, 'mailed-token', testCaller('u1'))).resolves.toEqual({
      message: 'Your account has been removed.',
    });
    expect(linkRepo.lockByHash).toHaveBeenCalledWith(fake.tx, sha256('mailed-token'), ['ACCOUNT_REMOVAL']);
    expect(linkRepo.markUsed).toHaveBeenCalledWith(fake.tx, 'l1');
    expect(refreshTokens.openFamilies).toHaveBeenCalledWith(fake.tx, 'u1');
    expect(refreshTokens.revokeFamilies).toHaveBeenCalledWith(fake.tx, ['f1']);
    expect(remove).toHaveBeenCalledWith(fake.tx, 'u1');
    expect(steps).toEqual([
      'event auth.session-revoked',
      'event auth.account-removed',
      'audit auth.account-removed',
      'remove',
    ]);
    expect(fake.transactions).toBe(1);
    expect(fake.events).toEqual([
      { type: 'auth.session-revoked', payload: { userId: 'u1', sessionIds: ['f1'] } },
      { type: 'auth.account-removed', payload: { userId: 'u1', personId: 'p1' } },
    ]);
    expect(fake.audit).toEqual([
      {
        action: 'auth.account-removed',
        resourceType: 'user',
        resourceId: 'u1',
        subjectId: 'u1',
        caller: testCaller('u1'),
      },
    ]);
  });

  it('refuses the sessions in this process only after the commit', async () => {
    const { revokedLocally, useCase } = setup();
    await useCase.execute(claims, 'mailed-token', testCaller('u1'));
    expect(revokedLocally).toEqual([{ ids: ['f1', 'app1'], committed: 1 }]);
  });

  it.each([
    ['a link mailed to another account', link({ userId: 'u2' })],
    ['a used link', link({ usedAt: new Date() })],
    ['an expired link', link({ expiresAt: new Date(Date.now() - 1000) })],
    ['an unknown token', null],
  ])('refuses %s with 410 and removes, revokes and records nothing', async (_, found) => {
    const { fake, linkRepo, refreshTokens, remove, revokedLocally, useCase } = setup(found);
    await expect(useCase.execute(claims, 'mailed-token', testCaller('u1'))).rejects.toMatchObject({
      code: 'AUTH.LINK_EXPIRED',
      status: 410,
      message: 'Link No Longer Valid',
    });
    expect(linkRepo.markUsed).not.toHaveBeenCalled();
    expect(refreshTokens.revokeFamilies).not.toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.events).toEqual([]);
    expect(fake.audit).toEqual([]);
    expect(revokedLocally).toEqual([]);
  });

  it('a failed removal rolls back: no event, no audit row, no session refused here', async () => {
    const { fake, revokedLocally, useCase } = setup(link(), () =>
      Promise.reject(new Error('connection lost')),
    );
    await expect(useCase.execute(claims, 'mailed-token', testCaller('u1'))).rejects.toThrow(
      'connection lost',
    );
    expect(fake.events).toEqual([]);
    expect(fake.audit).toEqual([]);
    expect(revokedLocally).toEqual([]);
  });
});
