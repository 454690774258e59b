import type { KeyRing, MailMessage, MailService, PortalConfig, SessionRevocations } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { Account, UserRepository } from '../../accounts/user.repository';
import { EmailProofs } from '../../email-verification/email-proofs';
import type { AccountLinkRepository, AccountLinkRow } from '../../links/account-link.repository';
import { AccountLinks } from '../../links/account-links';
import type { AccountNotices } from '../../notices/account-notices';
import { verifyPassword } from '../../sessions/passwords';
import { sha256 } from '../../sessions/random-token';
import type { RefreshTokenRepository } from '../../sessions/refresh-token.repository';
import type { SigningKeyRepository } from '../../sessions/signing-key.repository';
import { TokenService } from '../../sessions/token.service';
import { ResetPassword } from './reset-password';

const USER_ID = '6f1c2b1e-8a4d-4c1e-9f2a-3b5d7e9a1c20';

describe('ResetPassword', () => {
  const account = (over: Partial<Account> = {}): Account =>
    ({
      id: USER_ID,
      email: 'pat@example.com',
      passwordHash: 'old-hash',
      firstName: 'Pat',
      personId: 'p1',
      roles: ['PATIENT'],
      activeRole: 'PATIENT',
      ...over,
    }) as Account;
  const link = (over: Partial<AccountLinkRow> = {}): AccountLinkRow => ({
    id: 'l1',
    userId: USER_ID,
    purpose: 'RESET_PASSWORD',
    expiresAt: new Date(Date.now() + 600_000),
    usedAt: null,
    payload: null,
    ...over,
  });

  const PROVED_AT = new Date('2026-01-05T10:00:00.000Z');

  const setup = (
    found: { link?: AccountLinkRow | null; user?: Account | null; provedBefore?: boolean } = {},
  ) => {
    const fake = fakeUseCaseKit();
    const users = {
      findById: jest.fn().mockResolvedValue(found.user === undefined ? account() : found.user),
      setPassword: jest.fn(),
      markEmailVerified: jest.fn().mockResolvedValue(found.provedBefore ? null : PROVED_AT),
    };
    const linkRepo = {
      lockByHash: jest.fn().mockResolvedValue(found.link === undefined ? link() : found.link),
      markUsed: jest.fn(),
      retire: jest.fn(),
      insert: jest.fn(),
    };
    const refreshTokens = { openFamilies: jest.fn().mockResolvedValue(['f1']), revokeFamilies: jest.fn() };
    const revokedLocally: Array<{ ids: string[]; committed: number }> = [];
    const notices: Array<{ notice: string; userId: string; to: string; committed: number }> = [];
    const mails: Array<MailMessage & { committed: number }> = [];
    const send = jest.fn(async (m: MailMessage) => void mails.push({ ...m, committed: fake.transactions }));
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
    const links = new AccountLinks(
      fake.kit,
      { publicUrl: 'https://portal.test' } as PortalConfig,
      stub<MailService>({ send }, 'mailer'),
      stub<AccountLinkRepository>(linkRepo, 'accountLinks'),
    );
    const useCase = new ResetPassword(
      fake.kit,
      stub<UserRepository>(users, 'users'),
      links,
      tokens,
      stub<AccountNotices>(
        {
          send: async (notice, u, to) => {
            notices.push({ notice, userId: u.id, to, committed: fake.transactions });
            return true;
          },
        },
        'notices',
      ),
      new EmailProofs(fake.kit, stub<UserRepository>(users, 'users'), links),
    );
    return { fake, users, linkRepo, refreshTokens, revokedLocally, notices, mails, send, useCase };
  };

  describe('with a mailed token', () => {
    it('sets the password, uses up every password link, ends every session, proves the address and audits with the link’s purpose', async () => {
      const { fake, users, linkRepo, refreshTokens, useCase } = setup();
      await expect(
        useCase.execute({ token: 'mailed-token', newPassword: 'New-Pass-2' }, testCaller(null)),
      ).resolves.toEqual({
        message: 'Your password has been changed successfully',
      });
      expect(linkRepo.lockByHash).toHaveBeenCalledWith(fake.tx, sha256('mailed-token'), [
        'SET_PASSWORD',
        'RESET_PASSWORD',
      ]);
      expect(linkRepo.markUsed).toHaveBeenCalledWith(fake.tx, 'l1');
      expect(users.findById).toHaveBeenCalledWith(fake.tx, USER_ID);
      expect(linkRepo.retire).toHaveBeenCalledWith(fake.tx, USER_ID, ['SET_PASSWORD', 'RESET_PASSWORD']);
      const [[tx, id, hash]] = users.setPassword.mock.calls;
      expect([tx, id]).toEqual([fake.tx, USER_ID]);
      await expect(verifyPassword(hash, 'New-Pass-2')).resolves.toBe(true);
      expect(refreshTokens.revokeFamilies).toHaveBeenCalledWith(fake.tx, ['f1']);
      expect(fake.transactions).toBe(1);
      // The link reached the mailbox: the address it went to is proved, in the same transaction.
      expect(users.markEmailVerified).toHaveBeenCalledWith(fake.tx, USER_ID, 'pat@example.com');
      expect(fake.events).toEqual([
        { type: 'auth.session-revoked', payload: { userId: USER_ID, sessionIds: ['f1'] } },
        {
          type: 'auth.email-verified',
          payload: { userId: USER_ID, email: 'pat@example.com', at: PROVED_AT.toISOString() },
        },
      ]);
      expect(fake.audit).toEqual([
        {
          actorId: USER_ID,
          action: 'auth.email-verified',
          resourceType: 'user',
          resourceId: USER_ID,
          subjectId: USER_ID,
          detail: { purpose: 'RESET_PASSWORD' },
          caller: testCaller(null),
        },
        {
          actorId: USER_ID,
          action: 'auth.password-set',
          resourceType: 'user',
          resourceId: USER_ID,
          subjectId: USER_ID,
          detail: { purpose: 'RESET_PASSWORD' },
          caller: testCaller(null),
        },
      ]);
    });

    it('revokes the sessions here and mails the password notice to the account only after the commit', async () => {
      const { revokedLocally, notices, useCase } = setup();
      await useCase.execute({ token: 'mailed-token', newPassword: 'New-Pass-2' }, testCaller(null));
      expect(revokedLocally).toEqual([{ ids: ['f1'], committed: 1 }]);
      expect(notices).toEqual([
        {
          notice: 'ACCOUNT_PASSWORD_CHANGED_NOTIFICATION',
          userId: USER_ID,
          to: 'pat@example.com',
          committed: 1,
        },
      ]);
    });

    it('records a set-password link as such; an address proved before is not announced again', async () => {
      const { fake, useCase } = setup({ link: link({ purpose: 'SET_PASSWORD' }), provedBefore: true });
      await useCase.execute({ token: 'mailed-token', newPassword: 'New-Pass-2' }, testCaller(null));
      expect(fake.audit).toEqual([
        expect.objectContaining({ action: 'auth.password-set', detail: { purpose: 'SET_PASSWORD' } }),
      ]);
      expect(fake.events.map((e) => e.type)).toEqual(['auth.session-revoked']);
    });

    it.each([
      [
        'an expired reset link',
        link({ expiresAt: new Date(Date.now() - 1000) }),
        'The forgot password token has expired',
      ],
      ['a used reset link', link({ usedAt: new Date() }), 'The forgot password token has expired'],
      ['an unknown token', null, 'Link No Longer Valid'],
    ])('refuses %s with 410 and sets, revokes and mails nothing', async (_, found, message) => {
      const { fake, users, refreshTokens, revokedLocally, notices, useCase } = setup({ link: found });
      await expect(
        useCase.execute({ token: 'mailed-token', newPassword: 'New-Pass-2' }, testCaller(null)),
      ).rejects.toMatchObject({ code: 'AUTH.LINK_EXPIRED', status: 410, message });
      expect(users.setPassword).not.toHaveBeenCalled();
      expect(refreshTokens.revokeFamilies).not.toHaveBeenCalled();
      expect(fake.events).toEqual([]);
      expect(fake.audit).toEqual([]);
      expect(revokedLocally).toEqual([]);
      expect(notices).toEqual([]);
    });

    it('answers 404 when the link’s account is gone, with everything rolled back', async () => {
      const { fake, users, notices, useCase } = setup({ user: null });
      await expect(
        useCase.execute({ token: 'mailed-token', newPassword: 'New-Pass-2' }, testCaller(null)),
      ).rejects.toMatchObject({
        code: 'RESOURCE.NOT_FOUND',
        status: 404,
        message: 'User not found',
      });
      expect(users.setPassword).not.toHaveBeenCalled();
      expect(fake.transactions).toBe(0);
      expect(fake.audit).toEqual([]);
      expect(notices).toEqual([]);
    });
  });

  describe('with tokenId (the NEW_PASSWORD_REQUIRED challenge)', () => {
    it('sets nothing and mails a fresh set-password link to the account’s own address, audited', async () => {
      const { fake, users, linkRepo, mails, notices, useCase } = setup({
        user: account({ passwordHash: null }),
      });
      await expect(useCase.execute({ token: USER_ID, tokenId: true }, testCaller(null))).resolves.toEqual({
        message: 'We have sent you an email with a link to set your password.',
      });
      expect(users.findById).toHaveBeenCalledWith(fake.kit.db, USER_ID);
      expect(users.setPassword).not.toHaveBeenCalled();
      expect(linkRepo.retire).toHaveBeenCalledWith(fake.tx, USER_ID, ['SET_PASSWORD']);
      expect(linkRepo.insert).toHaveBeenCalledWith(
        fake.tx,
        expect.objectContaining({ userId: USER_ID, purpose: 'SET_PASSWORD' }),
      );
      expect(fake.audit).toEqual([
        {
          action: 'auth.set-password-link-sent',
          resourceType: 'user',
          resourceId: USER_ID,
          subjectId: USER_ID,
          caller: testCaller(null),
        },
      ]);
      expect(mails).toEqual([
        expect.objectContaining({
          to: 'pat@example.com',
          subject: 'Set your Patient Portal password',
          committed: 1,
        }),
      ]);
      expect(fake.events).toEqual([]);
      expect(notices).toEqual([]);
    });

    it('answers the same and sends nothing for an account that already has a password', async () => {
      const { fake, linkRepo, send, useCase } = setup({ user: account({ passwordHash: 'hash' }) });
      await expect(useCase.execute({ token: USER_ID, tokenId: true }, testCaller(null))).resolves.toEqual({
        message: 'We have sent you an email with a link to set your password.',
      });
      expect(linkRepo.insert).not.toHaveBeenCalled();
      expect(fake.audit).toEqual([]);
      expect(send).not.toHaveBeenCalled();
    });

    it('answers the same and sends nothing for an unknown user id', async () => {
      const { fake, linkRepo, send, useCase } = setup({ user: null });
      await expect(useCase.execute({ token: USER_ID, tokenId: true }, testCaller(null))).resolves.toEqual({
        message: 'We have sent you an email with a link to set your password.',
      });
      expect(linkRepo.insert).not.toHaveBeenCalled();
      expect(fake.audit).toEqual([]);
      expect(send).not.toHaveBeenCalled();
    });

    it('does not even look up a token that is not a user id', async () => {
      const { fake, users, linkRepo, send, useCase } = setup({ user: account({ passwordHash: null }) });
      await expect(
        useCase.execute({ token: 'not-a-uuid', tokenId: true }, testCaller(null)),
      ).resolves.toEqual({ message: 'We have sent you an email with a link to set your password.' });
      expect(users.findById).not.toHaveBeenCalled();
      expect(linkRepo.insert).not.toHaveBeenCalled();
      expect(fake.audit).toEqual([]);
      expect(send).not.toHaveBeenCalled();
    });
  });
});
