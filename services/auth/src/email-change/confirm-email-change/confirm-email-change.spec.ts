import type { KeyRing, MailService, PortalConfig, SessionRevocations } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { Account, UserRepository } from '../../accounts/user.repository';
import type { AccountLinkRepository, AccountLinkRow } from '../../links/account-link.repository';
import { AccountLinks } from '../../links/account-links';
import type { AccountNotices } from '../../notices/account-notices';
import type { PersonRepository } from '../../persons/person.repository';
import { sha256 } from '../../sessions/random-token';
import type { RefreshTokenRepository } from '../../sessions/refresh-token.repository';
import type { SigningKeyRepository } from '../../sessions/signing-key.repository';
import { TokenService } from '../../sessions/token.service';
import { ConfirmEmailChange } from './confirm-email-change';
import { patientAccount } from '../../../test/fixtures';

describe('ConfirmEmailChange', () => {
  const user = patientAccount({ email: 'old@example.com' });
  const link = (over: Partial<AccountLinkRow> = {}): AccountLinkRow => ({
    id: 'l1',
    userId: 'u1',
    purpose: 'EMAIL_CHANGE',
    expiresAt: new Date(Date.now() + 3600_000),
    usedAt: null,
    payload: { newEmail: 'new@example.com' },
    ...over,
  });

  const setup = (
    opts: { link?: AccountLinkRow | null; user?: Account | null; setProvedEmail?: jest.Mock } = {},
  ) => {
    const fake = fakeUseCaseKit();
    const users = {
      findById: jest.fn().mockResolvedValue(opts.user === undefined ? user : opts.user),
      setProvedEmail: opts.setProvedEmail ?? jest.fn(),
    };
    const persons = { setEmail: jest.fn() };
    const linkRepo = {
      lockByHash: jest.fn().mockResolvedValue(opts.link === undefined ? link() : opts.link),
      markUsed: jest.fn(),
    };
    const refreshTokens = {
      openFamilies: jest.fn().mockResolvedValue(['f1', 'f2']),
      revokeFamilies: jest.fn(),
    };
    const revokedLocally: Array<{ ids: string[]; committed: number }> = [];
    const notices: Array<{ notice: string; userId: string; to: string; committed: number }> = [];
    const useCase = new ConfirmEmailChange(
      fake.kit,
      stub<UserRepository>(users, 'users'),
      stub<PersonRepository>(persons, 'persons'),
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
      stub<AccountNotices>(
        {
          send: async (notice, u, to) => {
            notices.push({ notice, userId: u.id, to, committed: fake.transactions });
            return true;
          },
        },
        'notices',
      ),
    );
    return { fake, users, persons, linkRepo, refreshTokens, revokedLocally, notices, useCase };
  };

  it('moves the account and its person to the new address, ends every session, announces and audits it', async () => {
    const { fake, users, persons, linkRepo, refreshTokens, useCase } = setup();
    await expect(useCase.execute('mailed-token', testCaller(null))).resolves.toEqual({
      message: 'Your email address has been updated. Please sign in with your new email.',
      email: 'new@example.com',
    });
    expect(linkRepo.lockByHash).toHaveBeenCalledWith(fake.tx, sha256('mailed-token'), ['EMAIL_CHANGE']);
    expect(linkRepo.markUsed).toHaveBeenCalledWith(fake.tx, 'l1');
    expect(users.findById).toHaveBeenCalledWith(fake.tx, 'u1');
    expect(users.setProvedEmail).toHaveBeenCalledWith(fake.tx, 'u1', 'new@example.com');
    expect(persons.setEmail).toHaveBeenCalledWith(fake.tx, 'p1', 'new@example.com');
    expect(refreshTokens.revokeFamilies).toHaveBeenCalledWith(fake.tx, ['f1', 'f2']);
    expect(fake.transactions).toBe(1);
    expect(fake.events).toEqual([
      { type: 'auth.session-revoked', payload: { userId: 'u1', sessionIds: ['f1', 'f2'] } },
      {
        type: 'auth.email-changed',
        payload: { userId: 'u1', personId: 'p1', oldEmail: 'old@example.com', newEmail: 'new@example.com' },
      },
    ]);
    expect(fake.audit).toEqual([
      {
        actorId: 'u1',
        action: 'auth.email-changed',
        resourceType: 'user',
        resourceId: 'u1',
        subjectId: 'u1',
        caller: testCaller(null),
      },
    ]);
  });

  it('tells the OLD address, and revokes the sessions here, only after the commit', async () => {
    const { revokedLocally, notices, useCase } = setup();
    await useCase.execute('mailed-token', testCaller(null));
    expect(revokedLocally).toEqual([{ ids: ['f1', 'f2'], committed: 1 }]);
    expect(notices).toEqual([
      {
        notice: 'ACCOUNT_EMAIL_ADDRESS_CHANGED_NOTIFICATION',
        userId: 'u1',
        to: 'old@example.com',
        committed: 1,
      },
    ]);
  });

  it('maps the address taken between request and click (unique violation) to 409 AUTH.EMAIL_TAKEN, with nothing committed or told', async () => {
    const { fake, persons, refreshTokens, revokedLocally, notices, useCase } = setup({
      setProvedEmail: jest.fn().mockRejectedValue({ code: '23505' }),
    });
    await expect(useCase.execute('mailed-token', testCaller(null))).rejects.toMatchObject({
      code: 'AUTH.EMAIL_TAKEN',
      status: 409,
      message: 'This email address is already associated with an account',
    });
    expect(persons.setEmail).not.toHaveBeenCalled();
    expect(refreshTokens.revokeFamilies).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.events).toEqual([]);
    expect(fake.audit).toEqual([]);
    expect(revokedLocally).toEqual([]);
    expect(notices).toEqual([]);
  });

  it.each([
    ['an unknown token', null],
    ['a used link', link({ usedAt: new Date() })],
    ['an expired link', link({ expiresAt: new Date(Date.now() - 1000) })],
  ])('refuses %s with 410 and changes nothing', async (_, found) => {
    const { fake, users, persons, notices, useCase } = setup({ link: found });
    await expect(useCase.execute('mailed-token', testCaller(null))).rejects.toMatchObject({
      code: 'AUTH.LINK_EXPIRED',
      status: 410,
      message: 'Link No Longer Valid',
    });
    expect(users.setProvedEmail).not.toHaveBeenCalled();
    expect(persons.setEmail).not.toHaveBeenCalled();
    expect(fake.events).toEqual([]);
    expect(fake.audit).toEqual([]);
    expect(notices).toEqual([]);
  });

  it('answers 404 when the link’s account is gone, changing nothing', async () => {
    const { fake, users, notices, useCase } = setup({ user: null });
    await expect(useCase.execute('mailed-token', testCaller(null))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      status: 404,
      message: 'User not found',
    });
    expect(users.setProvedEmail).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.events).toEqual([]);
    expect(notices).toEqual([]);
  });
});
