import { NOTIFICATION_MNEMONICS } from '@portal/contracts';
import type { MailMessage, MailService, PortalConfig } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import { EmailProofs } from '../../email-verification/email-proofs';
import type { AccountLinkRepository } from '../../links/account-link.repository';
import { AccountLinks } from '../../links/account-links';
import type { NotificationSettingRepository } from '../../notification-settings/notification-setting.repository';
import { NotificationSettingsService } from '../../notification-settings/notification-settings.service';
import type { PersonRepository } from '../../persons/person.repository';
import { sha256 } from '../../sessions/random-token';
import type { UserRepository } from '../user.repository';
import { CreateAccount, type NewAccount } from './create-account';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('CreateAccount', () => {
  const signUp = {
    email: '  Pat.Jordan@Example.COM ',
    firstName: 'Pat',
    lastName: 'Jordan',
    dateOfBirth: '1984-03-12',
    locale: 'America/New_York',
  };

  const setup = (insertUser: jest.Mock = jest.fn()) => {
    const fake = fakeUseCaseKit();
    const repos = {
      insertUser,
      insertPerson: jest.fn(),
      upsertSettings: jest.fn(),
      retireLinks: jest.fn(),
      insertLink: jest.fn(),
    };
    // What was mailed, and how many transactions had committed at that moment.
    const mails: Array<MailMessage & { committed: number }> = [];
    const send = jest.fn(async (m: MailMessage) => void mails.push({ ...m, committed: fake.transactions }));
    const users = stub<UserRepository>({ insert: repos.insertUser }, 'users');
    const links = new AccountLinks(
      fake.kit,
      { publicUrl: 'https://portal.test' } as PortalConfig,
      stub<MailService>({ send }, 'mailer'),
      stub<AccountLinkRepository>({ retire: repos.retireLinks, insert: repos.insertLink }, 'accountLinks'),
    );
    const useCase = new CreateAccount(
      fake.kit,
      users,
      stub<PersonRepository>({ insert: repos.insertPerson }, 'persons'),
      new NotificationSettingsService(
        fake.kit,
        stub<NotificationSettingRepository>({ upsert: repos.upsertSettings }, 'notificationSettings'),
      ),
      links,
      new EmailProofs(fake.kit, users, links),
    );
    return { fake, repos, mails, send, useCase };
  };

  it('signs up a patient without a password: account, person, every notification on, event and audit commit together', async () => {
    const { fake, repos, useCase } = setup();
    const answer = await useCase.signUp(signUp, testCaller(null));
    expect(answer).toEqual({
      userId: expect.stringMatching(UUID),
      message: 'We have sent you an email with a link to set your password.',
    });
    const userId = answer.userId;
    const [[, { personId }]] = repos.insertUser.mock.calls;
    expect(personId).toMatch(UUID);
    expect(repos.insertUser).toHaveBeenCalledWith(fake.tx, {
      id: userId,
      personId,
      email: 'pat.jordan@example.com',
      passwordHash: null,
      firstName: 'Pat',
      lastName: 'Jordan',
      dateOfBirth: '1984-03-12',
      locale: 'America/New_York',
      activeRole: 'PATIENT',
      roles: ['PATIENT'],
      // Not proved yet: the set-password link, once used, proves it.
      emailVerified: false,
    });
    expect(repos.insertPerson).toHaveBeenCalledWith(fake.tx, {
      id: personId,
      userId,
      firstName: 'Pat',
      lastName: 'Jordan',
      dateOfBirth: '1984-03-12',
      email: 'pat.jordan@example.com',
    });
    const allOn = NOTIFICATION_MNEMONICS.map((mnemonic) => ({ mnemonic, value: true }));
    expect(repos.upsertSettings).toHaveBeenCalledWith(fake.tx, userId, allOn);
    expect(fake.transactions).toBe(1);
    expect(fake.events).toEqual([
      {
        type: 'auth.notification-settings-changed',
        payload: { userId, email: 'pat.jordan@example.com', settings: allOn },
      },
      {
        type: 'auth.user-registered',
        payload: {
          userId,
          personId,
          email: 'pat.jordan@example.com',
          firstName: 'Pat',
          lastName: 'Jordan',
          // Issue 28: Smart FHIR matches the patient at a facility's system by it.
          dateOfBirth: '1984-03-12',
          roles: ['PATIENT'],
          emailVerified: false,
        },
      },
    ]);
    // Nobody is signed in: the new account is the actor.
    expect(fake.audit).toEqual([
      {
        actorId: userId,
        action: 'auth.account-created',
        resourceType: 'user',
        resourceId: userId,
        subjectId: userId,
        caller: testCaller(null),
      },
    ]);
  });

  it('stores a 24-hour set-password link with the account and mails it only after the commit', async () => {
    const { fake, repos, mails, useCase } = setup();
    const before = Date.now();
    const { userId } = await useCase.signUp(signUp, testCaller(null));
    expect(repos.retireLinks).toHaveBeenCalledWith(fake.tx, userId, ['SET_PASSWORD']);
    const [[tx, stored]] = repos.insertLink.mock.calls;
    expect(tx).toBe(fake.tx);
    expect(stored).toMatchObject({ userId, purpose: 'SET_PASSWORD', payload: null });
    expect(stored.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 24 * 3600_000);
    expect(stored.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'pat.jordan@example.com',
      subject: 'Set your Patient Portal password',
      committed: 1,
    });
    const token = /https:\/\/portal\.test\/reset-password\?token=([\w-]+)/.exec(mails[0].text)?.[1];
    // The mailed token is the one whose hash was stored; the token itself is never stored.
    expect(token && sha256(token)).toBe(stored.tokenHash);
    expect(mails[0].text).toContain('Hello Pat,');
  });

  it('mails a 72-hour verification link, naming the address, to an account created with a password and an address not proved', async () => {
    const { fake, repos, mails, useCase } = setup();
    const before = Date.now();
    const { account } = await useCase.execute(
      { ...signUp, passwordHash: 'argon2-hash', roles: ['PATIENT'], emailVerified: false },
      testCaller(null),
      'auth.account-registered',
    );
    expect(repos.insertUser).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ passwordHash: 'argon2-hash', emailVerified: false }),
    );
    expect(repos.retireLinks).toHaveBeenCalledWith(fake.tx, account.id, ['VERIFY_EMAIL']);
    const [[, stored]] = repos.insertLink.mock.calls;
    expect(stored).toMatchObject({
      userId: account.id,
      purpose: 'VERIFY_EMAIL',
      payload: { email: 'pat.jordan@example.com' },
    });
    expect(stored.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 72 * 3600_000);
    expect(mails).toEqual([
      expect.objectContaining({
        to: 'pat.jordan@example.com',
        subject: 'Confirm your Patient Portal email address',
        committed: 1,
      }),
    ]);
    const token = /https:\/\/portal\.test\/verify-email\?token=([\w-]+)/.exec(mails[0].text)?.[1];
    expect(token && sha256(token)).toBe(stored.tokenHash);
  });

  it('mails no link to an account created with a password and an address proved already (invitation, demo seed)', async () => {
    const { fake, repos, send, useCase } = setup();
    await useCase.execute(
      { ...signUp, passwordHash: 'argon2-hash', roles: ['EXTERNAL_VIEWER'], emailVerified: true },
      testCaller(null),
      'auth.account-registered',
    );
    expect(repos.insertUser).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ emailVerified: true }),
    );
    expect(fake.events.find((e) => e.type === 'auth.user-registered')?.payload).toMatchObject({
      emailVerified: true,
    });
    expect(repos.retireLinks).not.toHaveBeenCalled();
    expect(repos.insertLink).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('keeps fixed ids and roles (the first active), audited with the caller as actor when signed in', async () => {
    const { fake, repos, useCase } = setup();
    const input: NewAccount = {
      ...signUp,
      passwordHash: 'h',
      roles: ['MEDICAL_COORDINATOR', 'PATIENT'],
      emailVerified: true,
      ids: { userId: 'u-fixed', personId: 'p-fixed' },
    };
    const { account, result } = await useCase.execute(
      input,
      testCaller('operator'),
      'auth.demo-account-seeded',
    );
    expect(account).toMatchObject({
      id: 'u-fixed',
      personId: 'p-fixed',
      activeRole: 'MEDICAL_COORDINATOR',
      roles: ['MEDICAL_COORDINATOR', 'PATIENT'],
    });
    expect(result).toBeUndefined();
    expect(repos.insertPerson).toHaveBeenCalledWith(
      fake.tx,
      expect.objectContaining({ id: 'p-fixed', userId: 'u-fixed' }),
    );
    expect(fake.audit).toEqual([
      expect.objectContaining({
        actorId: 'operator',
        action: 'auth.demo-account-seeded',
        resourceId: 'u-fixed',
        caller: testCaller('operator'),
      }),
    ]);
  });

  it('runs `within` in the same transaction and answers its result', async () => {
    const { fake, useCase } = setup();
    const within = jest.fn(async () => ({ committedInside: fake.transactions }));
    const { account, result } = await useCase.execute(
      { ...signUp, passwordHash: 'h', roles: ['PATIENT'], emailVerified: true },
      testCaller(null),
      'auth.account-registered',
      within,
    );
    expect(within).toHaveBeenCalledWith(fake.tx, account);
    expect(result).toEqual({ committedInside: 0 });
    expect(fake.transactions).toBe(1);
  });

  it('a failing `within` rolls everything back: no event, no audit row, no mail', async () => {
    const { fake, send, useCase } = setup();
    const within = jest.fn().mockRejectedValue(new Error('session failed'));
    await expect(
      useCase.execute(
        { ...signUp, passwordHash: null, roles: ['PATIENT'], emailVerified: false },
        testCaller(null),
        'auth.account-created',
        within,
      ),
    ).rejects.toThrow('session failed');
    expect(fake.events).toEqual([]);
    expect(fake.audit).toEqual([]);
    expect(send).not.toHaveBeenCalled();
  });

  it('maps a taken address (unique violation) to 409 AUTH.EMAIL_TAKEN and writes, announces and mails nothing', async () => {
    const { fake, repos, send, useCase } = setup(jest.fn().mockRejectedValue({ code: '23505' }));
    await expect(useCase.signUp(signUp, testCaller(null))).rejects.toMatchObject({
      code: 'AUTH.EMAIL_TAKEN',
      status: 409,
      message: 'This email address is already associated with an account',
    });
    expect(repos.insertPerson).not.toHaveBeenCalled();
    expect(repos.upsertSettings).not.toHaveBeenCalled();
    expect(repos.insertLink).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.events).toEqual([]);
    expect(fake.audit).toEqual([]);
    expect(send).not.toHaveBeenCalled();
  });

  it('lets any other failure through as it is, with nothing committed', async () => {
    const failure = new Error('connection lost');
    const { fake, send, useCase } = setup(jest.fn().mockRejectedValue(failure));
    await expect(useCase.signUp(signUp, testCaller(null))).rejects.toBe(failure);
    expect(fake.events).toEqual([]);
    expect(fake.audit).toEqual([]);
    expect(send).not.toHaveBeenCalled();
  });
});
