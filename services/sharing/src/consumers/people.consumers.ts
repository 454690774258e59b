import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import { type ContextKit, InjectContext, type Tx } from '@portal/server-kit';
import { LibraryRepository } from '../library/library.repository';
import { AccessSnapshots } from '../people/access-snapshots';
import { NotificationSettingsRepository } from '../people/notification-settings.repository';
import { RecipientRepository } from '../people/recipient.repository';
import { ShareMails } from '../people/share-mails';

/**
 * What sharing learns about people from other contexts: accounts (an invited address that now has an
 * account is linked to it and its access announced again, naming the viewer), notification choices
 * (mails follow them), and each opening of a shared record (last opened, how often, and the owner's
 * mail on the first access).
 */
@Injectable()
export class PeopleConsumers implements OnModuleInit {
  constructor(
    @InjectContext('sharing') private readonly kit: ContextKit,
    private readonly library: LibraryRepository,
    private readonly recipients: RecipientRepository,
    private readonly snapshots: AccessSnapshots,
    private readonly settings: NotificationSettingsRepository,
    private readonly mails: ShareMails,
  ) {}

  // One consumer per event type: a NATS consumer filters one subject (nats-server before 2.10 takes no list).
  async onModuleInit(): Promise<void> {
    await this.kit.events.consume('people-accounts', ['auth.user-registered'], ({ payload }, tx) => this.accountOpened(tx, payload));
    await this.kit.events.consume('people-emails', ['auth.email-changed'], async ({ payload: p }, tx) => {
      await this.library.updateAccountEmail(tx, p.userId, p.newEmail);
      await this.settings.updateEmail(tx, p.userId, p.newEmail);
    });
    await this.kit.events.consume('people-accounts-removed', ['auth.account-removed'], async ({ payload: p }, tx) => {
      await this.library.removeAccountHolder(tx, p.userId);
      await this.settings.remove(tx, p.userId);
    });
    await this.kit.events.consume('people-notification-settings', ['auth.notification-settings-changed'], ({ payload }, tx) => this.settings.upsert(tx, payload));
    await this.kit.events.consume('people-records-opened', ['records.shared-record-opened'], ({ payload }, tx) => this.opened(tx, payload));
    await this.kit.events.consume('people-studies-opened', ['imaging.shared-study-opened'], ({ payload }, tx) => this.opened(tx, payload));
  }

  private async accountOpened(tx: Tx, u: EventPayloads['auth.user-registered']): Promise<void> {
    const invited = (await this.recipients.lockAllByEmail(tx, u.email)).filter((r) => r.recipient_user_id !== u.userId);
    if (!invited.length) return;
    await this.recipients.linkAccount(tx, invited.map((r) => r.id), u.userId);
    for (const r of invited) await this.snapshots.publish(tx, r);
  }

  private async opened(tx: Tx, e: EventPayloads['records.shared-record-opened'] | EventPayloads['imaging.shared-study-opened']): Promise<void> {
    const row = await this.recipients.findByViewer(tx, e.ownerUserId, e.viewerUserId);
    if (!row) return;
    await this.recipients.recordUse(tx, row.id, { patientRequestId: e.patientRequestId, studyUid: e.studyUid, documentId: e.documentId }, e.at);
    if (row.accessed_notified_at) return;
    await this.recipients.markAccessNotified(tx, row.id);
    await this.mails.toOwner(tx, e.ownerUserId, 'SHARING_SUCCESSFULLY_ACCESSED_NOTIFICATION', `${row.first_name} ${row.last_name} opened your shared records`, `${row.first_name} ${row.last_name} (${row.email}) opened the records you shared for the first time.`);
  }
}
