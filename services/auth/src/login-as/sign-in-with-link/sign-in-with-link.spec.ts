import type { LoginResponse } from '@portal/contracts';
import type { MailService, PortalConfig } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { Account, UserRepository } from '../../accounts/user.repository';
import type { AccountLinkRepository, AccountLinkRow } from '../../links/account-link.repository';
import { AccountLinks } from '../../links/account-links';
import { sha256 } from '../../sessions/random-token';
import type { SessionService } from '../../sessions/session.service';
import { SignInWithLink } from './sign-in-with-link';
import { patientAccount } from '../../../test/fixtures';

describe('SignInWithLink', () => {
  const user = patientAccount();
  const session = { token: 'access', refresh_token: 'refresh', userId: 'u1' } as LoginResponse;
  const link = (over: Partial<AccountLinkRow> = {}): AccountLinkRow => ({
    id: 'l1',
    userId: 'u1',
    purpose: 'LOGIN_AS',
    expiresAt: new Date(Date.now() + 60_000),
    usedAt: null,
    payload: null,
    ...over,
  });

  const setup = (found: AccountLinkRow | null, account: Account | null = user) => {
    const fake = fakeUseCaseKit();
    const linkRepo = { lockByHash: jest.fn().mockResolvedValue(found), markUsed: jest.fn() };
    const findById = jest.fn().mockResolvedValue(account);
    const open = jest.fn().mockResolvedValue(session);
    const useCase = new SignInWithLink(
      fake.kit,
      stub<UserRepository>({ findById }, 'users'),
      new AccountLinks(
        fake.kit,
        { publicUrl: 'https://portal.test' } as PortalConfig,
        stub<MailService>({}, 'mailer'),
        stub<AccountLinkRepository>(linkRepo, 'accountLinks'),
      ),
      stub<SessionService>({ open }, 'sessions'),
    );
    return { fake, linkRepo, findById, open, useCase };
  };

  it.each([
    ['LOGIN_AS', 'auth.login-by-login-as'],
    ['PHONE_LOGIN', 'auth.login-by-phone-login'],
  ])(
    'uses up a %s link and opens a session for its account in the same transaction, audited as %s',
    async (purpose, action) => {
      const { fake, linkRepo, findById, open, useCase } = setup(link({ purpose }));
      await expect(useCase.execute('link-token', testCaller(null))).resolves.toBe(session);
      expect(linkRepo.lockByHash).toHaveBeenCalledWith(fake.tx, sha256('link-token'), [
        'LOGIN_AS',
        'PHONE_LOGIN',
        'FACILITY_ACCESS',
      ]);
      expect(linkRepo.markUsed).toHaveBeenCalledWith(fake.tx, 'l1');
      expect(findById).toHaveBeenCalledWith(fake.tx, 'u1');
      expect(open).toHaveBeenCalledWith(fake.tx, user, false);
      expect(fake.transactions).toBe(1);
      expect(fake.audit).toEqual([
        {
          actorId: 'u1',
          action,
          resourceType: 'user',
          resourceId: 'u1',
          subjectId: 'u1',
          caller: testCaller(null),
        },
      ]);
    },
  );

  it.each([
    ['an unknown token', null],
    ['a used link', link({ usedAt: new Date() })],
    ['an expired phone link', link({ purpose: 'PHONE_LOGIN', expiresAt: new Date(Date.now() - 1000) })],
  ])('refuses %s with 401 "Invalid token!!!!" and opens no session', async (_, found) => {
    const { fake, linkRepo, open, useCase } = setup(found);
    await expect(useCase.execute('link-token', testCaller(null))).rejects.toMatchObject({
      code: 'AUTH.UNAUTHENTICATED',
      status: 401,
      message: 'Invalid token!!!!',
    });
    expect(linkRepo.markUsed).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.audit).toEqual([]);
  });

  it('refuses a link whose account is gone with 401, rolling back its use', async () => {
    const { fake, open, useCase } = setup(link(), null);
    await expect(useCase.execute('link-token', testCaller(null))).rejects.toMatchObject({
      code: 'AUTH.UNAUTHENTICATED',
      status: 401,
      message: 'Invalid token!!!!',
    });
    expect(open).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.audit).toEqual([]);
  });

  it("a facility's access link (issue 24) lands on the one request stored with the link", async () => {
    const { fake, linkRepo, useCase } = setup(
      link({ purpose: 'FACILITY_ACCESS', payload: { patientRequestId: 'r1' } }),
    );
    await expect(useCase.execute('link-token', testCaller(null))).resolves.toEqual({
      ...session,
      landing: '/provider/patient-request-detail/r1',
    });
    expect(linkRepo.markUsed).toHaveBeenCalledWith(fake.tx, 'l1');
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'auth.login-by-facility-access', subjectId: 'u1' }),
    ]);
  });

  it('a used facility access link is refused like any used link', async () => {
    const { open, useCase } = setup(
      link({ purpose: 'FACILITY_ACCESS', usedAt: new Date(), payload: { patientRequestId: 'r1' } }),
    );
    await expect(useCase.execute('link-token', testCaller(null))).rejects.toMatchObject({
      message: 'Invalid token!!!!',
    });
    expect(open).not.toHaveBeenCalled();
  });
});
