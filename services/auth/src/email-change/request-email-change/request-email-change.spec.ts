import type { MailMessage, MailService, PortalConfig } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { Account, UserRepository } from '../../accounts/user.repository';
import type { AccountLinkRepository } from '../../links/account-link.repository';
import { AccountLinks } from '../../links/account-links';
import { sha256 } from '../../sessions/random-token';
import { RequestEmailChange } from './request-email-change';
import { patientAccount, patientClaims } from '../../../test/fixtures';

describe('RequestEmailChange', () => {
  const claims = patientClaims();
  const user = patientAccount();

  const setup = (found: Account | null, taken = false) => {
    const fake = fakeUseCaseKit();
    const users = {
      findById: jest.fn().mockResolvedValue(found),
      existsByEmail: jest.fn().mockResolvedValue(taken),
    };
    const repo = { retire: jest.fn(), insert: jest.fn() };
    const mails: Array<MailMessage & { committed: number }> = [];
    const send = jest.fn(async (m: MailMessage) => void mails.push({ ...m, committed: fake.transactions }));
    const links = new AccountLinks(
      fake.kit,
      { publicUrl: 'https://portal.test' } as PortalConfig,
      stub<MailService>({ send }, 'mailer'),
      stub<AccountLinkRepository>(repo, 'accountLinks'),
    );
    return {
      fake,
      users,
      repo,
      mails,
      send,
      useCase: new RequestEmailChange(fake.kit, stub<UserRepository>(users, 'users'), links),
    };
  };

  it('changes nothing yet: stores a 24-hour link carrying the new address, audited, and mails it to the NEW address after the commit', async () => {
    const { fake, users, repo, mails, useCase } = setup(user);
    const before = Date.now();
    await expect(useCase.execute(claims, 'new@example.com', testCaller('u1'))).resolves.toEqual({
      message: "We've sent a confirmation link to your new email. Please confirm to finish the update.",
    });
    expect(users.findById).toHaveBeenCalledWith(fake.kit.db, 'u1');
    expect(users.existsByEmail).toHaveBeenCalledWith(fake.kit.db, 'new@example.com');
    expect(repo.retire).toHaveBeenCalledWith(fake.tx, 'u1', ['EMAIL_CHANGE']);
    const [[tx, stored]] = repo.insert.mock.calls;
    expect(tx).toBe(fake.tx);
    expect(stored).toMatchObject({
      userId: 'u1',
      purpose: 'EMAIL_CHANGE',
      payload: { newEmail: 'new@example.com' },
    });
    expect(stored.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 24 * 3600_000);
    expect(fake.audit).toEqual([
      {
        action: 'auth.email-change-requested',
        resourceType: 'user',
        resourceId: 'u1',
        subjectId: 'u1',
        caller: testCaller('u1'),
      },
    ]);
    expect(fake.events).toEqual([]);
    expect(mails).toEqual([
      expect.objectContaining({
        to: 'new@example.com',
        subject: 'Confirm your new Patient Portal email address',
        committed: 1,
      }),
    ]);
    const token = /https:\/\/portal\.test\/email-updated-success\?token=([\w-]+)/.exec(mails[0].text)?.[1];
    expect(token && sha256(token)).toBe(stored.tokenHash);
  });

  it('refuses the address the account already has (400 on newEmail) and stores and mails nothing', async () => {
    const { fake, users, repo, send, useCase } = setup(user);
    await expect(useCase.execute(claims, 'pat@example.com', testCaller('u1'))).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      status: 400,
      message: 'This is already your email address',
      errors: { newEmail: 'This is already your email address' },
    });
    expect(users.existsByEmail).not.toHaveBeenCalled();
    expect(repo.insert).not.toHaveBeenCalled();
    expect(fake.audit).toEqual([]);
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses an address another account uses with 409 AUTH.EMAIL_TAKEN and stores and mails nothing', async () => {
    const { fake, repo, send, useCase } = setup(user, true);
    await expect(useCase.execute(claims, 'sam@example.com', testCaller('u1'))).rejects.toMatchObject({
      code: 'AUTH.EMAIL_TAKEN',
      status: 409,
      message: 'This email address is already associated with an account',
    });
    expect(repo.insert).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.audit).toEqual([]);
    expect(send).not.toHaveBeenCalled();
  });

  it('answers 401 when the signed-in account is gone', async () => {
    const { fake, send, useCase } = setup(null);
    await expect(useCase.execute(claims, 'new@example.com', testCaller('u1'))).rejects.toMatchObject({
      code: 'AUTH.UNAUTHENTICATED',
      status: 401,
    });
    expect(fake.audit).toEqual([]);
    expect(send).not.toHaveBeenCalled();
  });
});
