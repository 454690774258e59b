import type { Tx } from '@portal/server-kit';
import { stub } from '@portal/server-kit/testing';
import type { NotificationRecipientRepository } from '../notification-recipient.repository';
import { ApplyNotificationSettings } from './apply-notification-settings';

describe('ApplyNotificationSettings', () => {
  const tx = {} as Tx;
  const setup = () => {
    const upsert = jest.fn();
    const updateEmail = jest.fn();
    const remove = jest.fn();
    return {
      upsert,
      updateEmail,
      remove,
      useCase: new ApplyNotificationSettings(
        stub<NotificationRecipientRepository>({ upsert, updateEmail, remove }, 'recipients'),
      ),
    };
  };

  it('keeps the address and whether REQUEST_COMPLETION_NOTIFICATION is on (a missing value is off)', async () => {
    const { upsert, useCase } = setup();
    await useCase.settingsChanged(tx, {
      userId: 'u1',
      email: 'a@example.com',
      settings: [{ mnemonic: 'REQUEST_COMPLETION_NOTIFICATION', value: true }],
    });
    await useCase.settingsChanged(tx, {
      userId: 'u1',
      email: 'a@example.com',
      settings: [{ mnemonic: 'REQUEST_SUBMITTION_NOTIFICATION', value: true }],
    });
    expect(upsert.mock.calls.map((c) => c.slice(1))).toEqual([
      ['u1', 'a@example.com', true],
      ['u1', 'a@example.com', false],
    ]);
  });

  it('follows a changed address and forgets a removed account', async () => {
    const { updateEmail, remove, useCase } = setup();
    await useCase.emailChanged(tx, {
      userId: 'u1',
      personId: 'p1',
      oldEmail: 'a@example.com',
      newEmail: 'b@example.com',
    });
    await useCase.accountRemoved(tx, { userId: 'u1', personId: 'p1' });
    expect(updateEmail).toHaveBeenCalledWith(tx, 'u1', 'b@example.com');
    expect(remove).toHaveBeenCalledWith(tx, 'u1');
  });
});
