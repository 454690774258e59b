import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import type { Tx } from '@portal/server-kit';
import { NotificationRecipientRepository } from '../notification-recipient.repository';

export const REQUEST_COMPLETION_NOTIFICATION = 'REQUEST_COMPLETION_NOTIFICATION';

/**
 * Keeps the projection of each user's e-mail and REQUEST_COMPLETION_NOTIFICATION from auth's events
 * (auth sends the complete list, missing values already false). Runs in the consumer's transaction.
 */
@Injectable()
export class ApplyNotificationSettings {
  constructor(private readonly recipients: NotificationRecipientRepository) {}

  settingsChanged(tx: Tx, e: EventPayloads['auth.notification-settings-changed']): Promise<void> {
    const on = e.settings.some((s) => s.mnemonic === REQUEST_COMPLETION_NOTIFICATION && s.value === true);
    return this.recipients.upsert(tx, e.userId, e.email, on);
  }

  emailChanged(tx: Tx, e: EventPayloads['auth.email-changed']): Promise<void> {
    return this.recipients.updateEmail(tx, e.userId, e.newEmail);
  }

  accountRemoved(tx: Tx, e: EventPayloads['auth.account-removed']): Promise<void> {
    return this.recipients.remove(tx, e.userId);
  }
}
