import { NOTIFICATION_MNEMONICS } from '@portal/contracts';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { Account, UserRepository } from '../../accounts/user.repository';
import type { SecretRepository } from '../../notices/secret.repository';
import { Secrets } from '../../notices/secrets';
import type { NotificationSettingRepository } from '../../notification-settings/notification-setting.repository';
import { NotificationSettingsService } from '../../notification-settings/notification-settings.service';
import type { BotCheck } from '../bot-check';
import { OptOut } from './opt-out';

describe('OptOut', () => {
  const user = { id: 'u1', email: 'pat@example.com', firstName: 'Pat', personId: 'p1' } as Account;
  const allOff = NOTIFICATION_MNEMONICS.map((mnemonic) => ({ mnemonic, value: false }));

  const secretsWith = async (value: string) => {
    const secrets = new Secrets(
      fakeUseCaseKit().kit,
      stub<SecretRepository>({ all: async () => [{ name: 'unsubscribe', value }] }, 'secrets'),
    );
    await secrets.onModuleInit();
    return secrets;
  };

  const setup = async (opts: { found?: Account | null; botCheck?: boolean } = {}) => {
    const fake = fakeUseCaseKit();
    const secrets = await secretsWith('unsubscribe-secret');
    const users = {
      findByEmail: jest.fn().mockResolvedValue(opts.found === undefined ? user : opts.found),
      markOptedOut: jest.fn(),
    };
    const upsert = jest.fn();
    const passes = jest.fn().mockResolvedValue(opts.botCheck ?? true);
    const useCase = new OptOut(
      fake.kit,
      stub<UserRepository>(users, 'users'),
      secrets,
      new NotificationSettingsService(
        fake.kit,
        stub<NotificationSettingRepository>({ upsert }, 'notificationSettings'),
      ),
      stub<BotCheck>({ passes }, 'botCheck'),
    );
    return { fake, users, upsert, passes, id: secrets.unsubscribeId('pat@example.com'), useCase };
  };

  it('from the page, once the bot check passes, switches every notification off, marks the account opted out and audits it', async () => {
    const { fake, users, upsert, passes, id, useCase } = await setup();
    await expect(useCase.fromPage(id, 'altcha-payload', testCaller(null))).resolves.toBe('OK');
    expect(passes).toHaveBeenCalledWith('altcha-payload');
    expect(users.findByEmail).toHaveBeenCalledWith(fake.kit.db, 'pat@example.com');
    expect(upsert).toHaveBeenCalledWith(fake.tx, 'u1', allOff);
    expect(users.markOptedOut).toHaveBeenCalledWith(fake.tx, 'u1');
    expect(fake.transactions).toBe(1);
    expect(fake.events).toEqual([
      {
        type: 'auth.notification-settings-changed',
        payload: { userId: 'u1', email: 'pat@example.com', settings: allOff },
      },
    ]);
    expect(fake.audit).toEqual([
      {
        actorId: null,
        action: 'auth.unsubscribed',
        resourceType: 'user',
        resourceId: 'u1',
        subjectId: 'u1',
        detail: { via: 'page' },
        caller: testCaller(null),
      },
    ]);
  });

  it('from a mail client’s one-click post takes the signed id alone as proof', async () => {
    const { fake, passes, upsert, id, useCase } = await setup();
    await useCase.execute(id, testCaller(null), 'one-click');
    expect(passes).not.toHaveBeenCalled();
    expect(upsert).toHaveBeenCalledWith(fake.tx, 'u1', allOff);
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'auth.unsubscribed', detail: { via: 'one-click' } }),
    ]);
  });

  it('refuses a failed bot check with 400 before reading the id, and changes nothing', async () => {
    const { fake, users, upsert, id, useCase } = await setup({ botCheck: false });
    await expect(useCase.fromPage(id, 'bad-payload', testCaller(null))).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      status: 400,
      message: 'Failed to verify reCAPTCHA',
    });
    expect(users.findByEmail).not.toHaveBeenCalled();
    expect(upsert).not.toHaveBeenCalled();
    expect(fake.events).toEqual([]);
    expect(fake.audit).toEqual([]);
  });

  it.each([
    [
      'signed with another secret',
      async () => (await secretsWith('someone-elses-secret')).unsubscribeId('pat@example.com'),
    ],
    [
      'for another address with this signature',
      async (id: string) => `${Buffer.from('sam@example.com').toString('base64url')}.${id.split('.')[1]}`,
    ],
    ['with a trailing part', async (id: string) => `${id}.x`],
    ['without a signature', async () => Buffer.from('pat@example.com').toString('base64url')],
  ])('refuses a forged id (%s) with 400 "Invalid token" without looking up anyone', async (_, forge) => {
    const { fake, users, upsert, id, useCase } = await setup();
    const forged = await forge(id);
    await expect(useCase.execute(forged, testCaller(null), 'one-click')).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      status: 400,
      message: 'Invalid token',
    });
    await expect(useCase.fromPage(forged, 'altcha-payload', testCaller(null))).rejects.toMatchObject({
      message: 'Invalid token',
    });
    expect(users.findByEmail).not.toHaveBeenCalled();
    expect(upsert).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.audit).toEqual([]);
    expect(useCase.isKnown(forged)).toBe(false);
  });

  it('refuses a genuine id whose account is gone with 400 "Invalid token"', async () => {
    const { fake, upsert, id, useCase } = await setup({ found: null });
    await expect(useCase.execute(id, testCaller(null), 'one-click')).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      message: 'Invalid token',
    });
    expect(upsert).not.toHaveBeenCalled();
    expect(fake.audit).toEqual([]);
  });

  it('knows the ids it made', async () => {
    const { id, useCase } = await setup();
    expect(useCase.isKnown(id)).toBe(true);
  });
});
