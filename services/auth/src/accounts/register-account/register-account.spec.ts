import { type LoginResponse, MESSAGES } from '@portal/contracts';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  InvitationTokens,
  type MailMessage,
  type MailService,
  type PortalConfig,
  type Tx,
} from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import { EmailProofs } from '../../email-verification/email-proofs';
import type { AccountLinkRepository } from '../../links/account-link.repository';
import { AccountLinks } from '../../links/account-links';
import type { NotificationSettingRepository } from '../../notification-settings/notification-setting.repository';
import { NotificationSettingsService } from '../../notification-settings/notification-settings.service';
import type { PersonRepository } from '../../persons/person.repository';
import { verifyPassword } from '../../sessions/passwords';
import type { SessionService } from '../../sessions/session.service';
import { CreateAccount } from '../create-account/create-account';
import type { Account, UserRepository } from '../user.repository';
import { RegisterAccount } from './register-account';

describe('RegisterAccount', () => {
  const session = { token: 'access', refresh_token: 'refresh', userId: 'u1' } as LoginResponse;

  const setup = (opts: { insertUser?: jest.Mock; open?: jest.Mock } = {}) => {
    const fake = fakeUseCaseKit();
    const insertUser = opts.insertUser ?? jest.fn();
    const insertPerson = jest.fn();
    const insertLink = jest.fn();
    const send = jest.fn();
    // Where and when the session was opened: the transaction, and how many had committed by then.
    const opened: Array<{ tx: Tx; account: Account; committed: number }> = [];
    const open =
      opts.open ??
      jest.fn(async (tx: Tx, account: Account) => {
        opened.push({ tx, account, committed: fake.transactions });
        return session;
      });
    const users = stub<UserRepository>({ insert: insertUser }, 'users');
    const links = new AccountLinks(
      fake.kit,
      { publicUrl: 'https://portal.test' } as PortalConfig,
      stub<MailService>(
        { send: async (m: MailMessage) => void send({ ...m, committed: fake.transactions }) },
        'mailer',
      ),
      stub<AccountLinkRepository>({ retire: jest.fn(), insert: insertLink }, 'accountLinks'),
    );
    const createAccount = new CreateAccount(
      fake.kit,
      users,
      stub<PersonRepository>({ insert: insertPerson }, 'persons'),
      new NotificationSettingsService(
        fake.kit,
        stub<NotificationSettingRepository>({ upsert: jest.fn() }, 'notificationSettings'),
      ),
      links,
      new EmailProofs(fake.kit, users, links),
    );
    const invitations = new InvitationTokens({
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'register-')),
      viewerTokenSecret: 'test-secret',
    });
    const useCase = new RegisterAccount(
      createAccount,
      stub<SessionService>({ open }, 'sessions'),
      invitations,
    );
    return { fake, insertUser, insertPerson, insertLink, send, open, opened, useCase, invitations };
  };

  it('creates a patient with the password hashed and signs them in within the same transaction; a link to prove the address follows', async () => {
    const { fake, insertUser, insertPerson, insertLink, send, opened, useCase } = setup();
    await expect(
      useCase.execute({ email: 'New.Patient@Example.com', password: 'New-Pass-1' }, testCaller(null)),
    ).resolves.toBe(session);
    const [[, account]] = insertUser.mock.calls;
    expect(account).toMatchObject({
      email: 'new.patient@example.com',
      firstName: '',
      lastName: '',
      dateOfBirth: null,
      locale: 'UTC',
      roles: ['PATIENT'],
      activeRole: 'PATIENT',
      emailVerified: false,
    });
    expect(account.passwordHash).not.toContain('New-Pass-1');
    await expect(verifyPassword(account.passwordHash, 'New-Pass-1')).resolves.toBe(true);
    expect(insertPerson).toHaveBeenCalledWith(
      fake.tx,
      expect.objectContaining({ userId: account.id, dateOfBirth: null }),
    );
    // The session is part of the account's transaction: opened before it committed, on its connection.
    expect(opened).toEqual([
      { tx: fake.tx, account: expect.objectContaining({ id: account.id }), committed: 0 },
    ]);
    expect(fake.transactions).toBe(1);
    expect(fake.events.map((e) => e.type)).toEqual([
      'auth.notification-settings-changed',
      'auth.user-registered',
    ]);
    expect(fake.audit).toEqual([
      {
        actorId: account.id,
        action: 'auth.account-registered',
        resourceType: 'user',
        resourceId: account.id,
        subjectId: account.id,
        caller: testCaller(null),
      },
    ]);
    // A password was given: no set-password link; the address is not proved yet, so a verification link
    // is stored with the account and mailed once it has committed.
    expect(insertLink.mock.calls.map(([, l]) => l.purpose)).toEqual(['VERIFY_EMAIL']);
    expect(send.mock.calls.map(([m]) => [m.to, m.subject, m.committed])).toEqual([
      ['new.patient@example.com', 'Confirm your Patient Portal email address', 1],
    ]);
    expect(fake.events.find((e) => e.type === 'auth.user-registered')?.payload).toMatchObject({
      emailVerified: false,
    });
  });

  it('answers 409 AUTH.EMAIL_TAKEN for a taken address and opens no session', async () => {
    const { fake, open, useCase } = setup({ insertUser: jest.fn().mockRejectedValue({ code: '23505' }) });
    await expect(
      useCase.execute({ email: 'pat@example.com', password: 'New-Pass-1' }, testCaller(null)),
    ).rejects.toMatchObject({
      code: 'AUTH.EMAIL_TAKEN',
      status: 409,
      message: 'This email address is already associated with an account',
    });
    expect(open).not.toHaveBeenCalled();
    expect(fake.events).toEqual([]);
    expect(fake.audit).toEqual([]);
  });

  it('a session that cannot be opened leaves no account behind: no event, no audit row', async () => {
    const { fake, useCase } = setup({ open: jest.fn().mockRejectedValue(new Error('no signing key')) });
    await expect(
      useCase.execute({ email: 'new@example.com', password: 'New-Pass-1' }, testCaller(null)),
    ).rejects.toThrow('no signing key');
    expect(fake.transactions).toBe(0);
    expect(fake.events).toEqual([]);
    expect(fake.audit).toEqual([]);
  });

  it('with a sharing invitation the account is an EXTERNAL_VIEWER of the invited address, proved at once; another address is refused', async () => {
    const { fake, insertUser, insertLink, send, useCase, invitations } = setup();
    const invitation = await invitations.sign(
      { recipientId: 'r1', ownerUserId: 'owner', email: 'invited@example.com' },
      60,
    );
    await expect(
      useCase.execute(
        { email: 'someone.else@example.com', password: 'New-Pass-1', invitation },
        testCaller(null),
      ),
    ).rejects.toMatchObject({ message: MESSAGES.invitationEmailMismatch });
    await expect(
      useCase.execute(
        { email: 'x@example.com', password: 'New-Pass-1', invitation: 'forged' },
        testCaller(null),
      ),
    ).rejects.toMatchObject({ message: MESSAGES.invitationUnavailable });
    expect(insertUser).not.toHaveBeenCalled();
    await useCase.execute(
      { email: 'Invited@Example.com', password: 'New-Pass-1', invitation },
      testCaller(null),
    );
    expect(insertUser.mock.calls[0][1]).toMatchObject({
      roles: ['EXTERNAL_VIEWER'],
      activeRole: 'EXTERNAL_VIEWER',
      emailVerified: true,
    });
    // The invitation link reached that mailbox: nothing more to prove, no link mailed.
    expect(fake.events.find((e) => e.type === 'auth.user-registered')?.payload).toMatchObject({
      email: 'invited@example.com',
      emailVerified: true,
    });
    expect(insertLink).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });
});
