import type { MailService, PortalConfig } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { Account, UserRepository } from '../../accounts/user.repository';
import type { AccountLinkRepository, AccountLinkRow } from '../../links/account-link.repository';
import { AccountLinks } from '../../links/account-links';
import { sha256 } from '../../sessions/random-token';
import { patientAccount } from '../../../test/fixtures';
import { EmailProofs } from '../email-proofs';
import { VerifyEmail } from './verify-email';

describe('VerifyEmail', () => {
  const PROVED_AT = new Date('2026-02-01T09:30:00.000Z');
  const link = (over: Partial<AccountLinkRow> = {}): AccountLinkRow => ({
    id: 'l1',
    userId: 'u1',
    purpose: 'VERIFY_EMAIL',
    expiresAt: new Date(Date.now() + 3600_000),
    usedAt: null,
    payload: { email: 'pat@example.com' },
    ...over,
  });

  const setup = (
    found: { link?: AccountLinkRow | null; user?: Account | null; provedBefore?: boolean } = {},
  ) => {
    const fake = fakeUseCaseKit();
    const users = {
      findById: jest
        .fn()
        .mockResolvedValue(found.user === undefined ? patientAccount({ emailVerified: false }) : found.user),
      markEmailVerified: jest.fn().mockResolvedValue(found.provedBefore ? null : PROVED_AT),
    };
    const linkRepo = {
      lockByHash: jest.fn().mockResolvedValue(found.link === undefined ? link() : found.link),
      markUsed: jest.fn(),
    };
    const links = new AccountLinks(
      fake.kit,
      { publicUrl: 'https://portal.test' } as PortalConfig,
      stub<MailService>({}, 'mailer'),
      stub<AccountLinkRepository>(linkRepo, 'accountLinks'),
    );
    const repo = stub<UserRepository>(users, 'users');
    const useCase = new VerifyEmail(fake.kit, repo, links, new EmailProofs(fake.kit, repo, links));
    return { fake, users, linkRepo, useCase };
  };

  it('proves the address the link was mailed to, uses the link up, announces auth.email-verified and audits, in one transaction', async () => {
    const { fake, users, linkRepo, useCase } = setup();
    await expect(useCase.execute('mailed-token', testCaller(null))).resolves.toEqual({
      message: 'Your email address is confirmed.',
      email: 'pat@example.com',
    });
    expect(linkRepo.lockByHash).toHaveBeenCalledWith(fake.tx, sha256('mailed-token'), ['VERIFY_EMAIL']);
    expect(linkRepo.markUsed).toHaveBeenCalledWith(fake.tx, 'l1');
    expect(users.markEmailVerified).toHaveBeenCalledWith(fake.tx, 'u1', 'pat@example.com');
    expect(fake.transactions).toBe(1);
    expect(fake.events).toEqual([
      {
        type: 'auth.email-verified',
        payload: { userId: 'u1', email: 'pat@example.com', at: PROVED_AT.toISOString() },
      },
    ]);
    expect(fake.audit).toEqual([
      {
        actorId: 'u1',
        action: 'auth.email-verified',
        resourceType: 'user',
        resourceId: 'u1',
        subjectId: 'u1',
        detail: { purpose: 'VERIFY_EMAIL' },
        caller: testCaller(null),
      },
    ]);
  });

  it('answers the same success for an address proved already, announcing nothing again', async () => {
    const { fake, useCase } = setup({ provedBefore: true });
    await expect(useCase.execute('mailed-token', testCaller(null))).resolves.toMatchObject({
      email: 'pat@example.com',
    });
    expect(fake.events).toEqual([]);
    expect(fake.audit).toEqual([]);
  });

  it.each([
    ['an unknown token', null, undefined],
    ['a used link', link({ usedAt: new Date() }), undefined],
    ['an expired link', link({ expiresAt: new Date(Date.now() - 1000) }), undefined],
    [
      'a link mailed to an address the account has since left',
      link({ payload: { email: 'old@example.com' } }),
      undefined,
    ],
    ['a link of a removed account', link(), null],
  ])('refuses %s with 410 Link No Longer Valid and proves nothing', async (_, found, user) => {
    const { fake, users, useCase } = setup({ link: found, ...(user === null ? { user: null } : {}) });
    await expect(useCase.execute('mailed-token', testCaller(null))).rejects.toMatchObject({
      code: 'AUTH.LINK_EXPIRED',
      status: 410,
      message: 'Link No Longer Valid',
    });
    expect(users.markEmailVerified).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.events).toEqual([]);
  });
});
