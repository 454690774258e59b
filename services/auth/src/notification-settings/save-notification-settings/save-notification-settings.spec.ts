import { NOTIFICATION_MNEMONICS, type NotificationSetting } from '@portal/contracts';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { NotificationSettingRepository } from '../notification-setting.repository';
import { NotificationSettingsService } from '../notification-settings.service';
import { SaveNotificationSettings } from './save-notification-settings';

describe('SaveNotificationSettings', () => {
  const setup = (upsert: jest.Mock = jest.fn()) => {
    const fake = fakeUseCaseKit();
    const settings = new NotificationSettingsService(
      fake.kit,
      stub<NotificationSettingRepository>({ upsert }, 'notificationSettings'),
    );
    return { fake, upsert, useCase: new SaveNotificationSettings(fake.kit, settings) };
  };

  it('stores the complete list (an off group switches its children off, a missing one is off), announces and audits it', async () => {
    const { fake, upsert, useCase } = setup();
    const given: NotificationSetting[] = [
      { mnemonic: 'ACCOUNT_NOTIFICATIONS', value: false },
      { mnemonic: 'ACCOUNT_PASSWORD_CHANGED_NOTIFICATION', value: true },
      { mnemonic: 'REQUEST_NOTIFICATIONS', value: true },
      { mnemonic: 'REQUEST_COMPLETION_NOTIFICATION', value: true },
    ];
    const on = new Set(['REQUEST_NOTIFICATIONS', 'REQUEST_COMPLETION_NOTIFICATION']);
    const stored = NOTIFICATION_MNEMONICS.map((mnemonic) => ({ mnemonic, value: on.has(mnemonic) }));

    await expect(
      useCase.execute({ sub: 'u1', email: 'pat@example.com' }, given, testCaller('u1')),
    ).resolves.toEqual({
      message: 'Notification Setting has been updated...',
      settings: stored,
    });
    expect(upsert).toHaveBeenCalledWith(fake.tx, 'u1', stored);
    expect(fake.transactions).toBe(1);
    expect(fake.events).toEqual([
      {
        type: 'auth.notification-settings-changed',
        payload: { userId: 'u1', email: 'pat@example.com', settings: stored },
      },
    ]);
    expect(fake.audit).toEqual([
      {
        action: 'identity.notification-settings-saved',
        resourceType: 'user',
        resourceId: 'u1',
        subjectId: 'u1',
        caller: { userId: 'u1', ip: '203.0.113.7', requestId: 'req-1' },
      },
    ]);
  });

  it('a failed store leaves no event and no audit row', async () => {
    const { fake, useCase } = setup(jest.fn().mockRejectedValue(new Error('connection lost')));
    await expect(
      useCase.execute({ sub: 'u1', email: 'pat@example.com' }, [], testCaller('u1')),
    ).rejects.toThrow('connection lost');
    expect(fake.events).toEqual([]);
    expect(fake.audit).toEqual([]);
  });
});
