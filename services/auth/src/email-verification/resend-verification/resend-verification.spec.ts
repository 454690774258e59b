import type { MailMessage, MailService, PortalConfig } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { Account, UserRepository } from '../../accounts/user.repository';
import { AccountRateLimit } from '../../limits/account-rate-limit';
import type { AccountLinkRepository } from '../../links/account-link.repository';
import { AccountLinks } from '../../links/account-links';
import { sha256 } from '../../sessions/random-token';
import { patientAccount, patientClaims } from '../../../test/fixtures';
import { EmailProofs } from '../email-proofs';
import { RESENDS_PER_HOUR, ResendVerification } from './resend-verification';

describe('ResendVerification', () => {
  const setup = (me: Account | null = patientAccount({ emailVerified: false })) => {
    const fake = fakeUseCaseKit();
    const users = { findById: jest.fn().mockResolvedValue(me) };
    const linkRepo = { retire: jest.fn(), insert: jest.fn() };
    const mails: Array<MailMessage & { committed: number }> = [];
    const links = new AccountLinks(
      fake.kit,
      { publicUrl: 'https://portal.test' } as PortalConfig,
      stub<MailService>(
        { send: async (m: MailMessage) => void mails.push({ ...m, committed: fake.transactions }) },
        'mailer',
      ),
      stub<AccountLinkRepository>(linkRepo, 'accountLinks'),
    );
    const repo = stub<UserRepository>(users, 'users');
    // The per-minute limit is generous here: the resend rule of its own must be what refuses.
    const useCase = new ResendVerification(
      fake.kit,
      repo,
      new EmailProofs(fake.kit, repo, links),
      new AccountRateLimit({ accountRateLimitPerMinute: 1000 }),
    );
    return { fake, users, linkRepo, mails, useCase };
  };

  it("mails a new link to the caller's own address, older ones used up, audited, after the commit", async () => {
    const { fake, users, linkRepo, mails, useCase } = setup();
    await expect(useCase.execute(patientClaims(), testCaller('u1'))).resolves.toEqual({
      message: 'We have sent you a new link. Please check your email.',
      emailVerified: false,
    });
    expect(users.findById).toHaveBeenCalledWith(fake.kit.db, 'u1');
    expect(linkRepo.retire).toHaveBeenCalledWith(fake.tx, 'u1', ['VERIFY_EMAIL']);
    const [[, stored]] = linkRepo.insert.mock.calls;
    expect(stored).toMatchObject({
      userId: 'u1',
      purpose: 'VERIFY_EMAIL',
      payload: { email: 'pat@example.com' },
    });
    expect(fake.audit).toEqual([
      {
        action: 'auth.verification-link-sent',
        resourceType: 'user',
        resourceId: 'u1',
        subjectId: 'u1',
        caller: testCaller('u1'),
      },
    ]);
    expect(mails).toEqual([
      expect.objectContaining({
        to: 'pat@example.com',
        subject: 'Confirm your Patient Portal email address',
        committed: 1,
      }),
    ]);
    const token = /https:\/\/portal\.test\/verify-email\?token=([\w-]+)/.exec(mails[0].text)?.[1];
    expect(token && sha256(token)).toBe(stored.tokenHash);
  });

  it('mails nothing once the address is proved and says so', async () => {
    const { linkRepo, mails, useCase } = setup(patientAccount({ emailVerified: true }));
    await expect(useCase.execute(patientClaims(), testCaller('u1'))).resolves.toEqual({
      message: 'Your email address is already confirmed.',
      emailVerified: true,
    });
    expect(linkRepo.insert).not.toHaveBeenCalled();
    expect(mails).toEqual([]);
  });

  it('answers 401 when the account behind the token is gone', async () => {
    await expect(setup(null).useCase.execute(patientClaims(), testCaller('u1'))).rejects.toMatchObject({
      code: 'AUTH.UNAUTHENTICATED',
      status: 401,
    });
  });

  it(`allows ${RESENDS_PER_HOUR} links an hour per account, then 429 with Retry-After before anything is read`, async () => {
    const { users, mails, useCase } = setup();
    for (let i = 0; i < RESENDS_PER_HOUR; i++) await useCase.execute(patientClaims(), testCaller('u1'));
    await expect(useCase.execute(patientClaims(), testCaller('u1'))).rejects.toMatchObject({
      code: 'AUTH.TOO_MANY_ATTEMPTS',
      status: 429,
      headers: { 'retry-after': '3600' },
    });
    expect(users.findById).toHaveBeenCalledTimes(RESENDS_PER_HOUR);
    expect(mails).toHaveLength(RESENDS_PER_HOUR);
    // Another account has its own allowance.
    await expect(useCase.execute(patientClaims({ sub: 'u2' }), testCaller('u2'))).resolves.toMatchObject({
      emailVerified: false,
    });
  });
});
