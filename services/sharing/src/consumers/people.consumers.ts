import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import { type ContextKit, InjectContext, type Tx } from '@portal/server-kit';
import { LibraryRepository } from '../library/library.repository';
import { AccessSnapshots } from '../people/access-snapshots';
import { NotificationSettingsRepository } from '../people/notification-settings.repository';
import { RecipientRepository } from '../people/recipient.repository';
import { ShareMails } from '../people/share-mails';

/**
 * What sharing learns about people from other contexts: proved addresses (the people invited at an
 * address are linked to the account only once its owner proved it, and their access announced again,
 * naming the viewer; an account whose address is not proved gets nothing shared with that address),
 * notification choices (mails follow them), and each opening of a shared record (last opened, how
 * often, and the owner's mail on the first access).
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
    // Signed up from an invitation link (or seeded): proved at once. Any other sign-up proves it later.
    await this.kit.events.consume('people-accounts', ['auth.user-registered'], async ({ payload: u, occurredAt }, tx) => {
      if (u.emailVerified === true) await this.addressProved(tx, { userId: u.userId, email: u.email, at: occurredAt });
    });
    await this.kit.events.consume('people-verified', ['auth.email-verified'], ({ payload }, tx) => this.addressProved(tx, payload));
    // Confirmed by a link mailed to the new address: proved.
    await this.kit.events.consume('people-emails', ['auth.email-changed'], async ({ payload: p, occurredAt }, tx) => {
      await this.library.updateAccountEmail(tx, p.userId, p.newEmail, occurredAt);
      await this.settings.updateEmail(tx, p.userId, p.newEmail);
      await this.linkInvited(tx, p.userId, p.newEmail);
    });
    await this.kit.events.consume('people-accounts-removed', ['auth.account-removed'], async ({ payload: p }, tx) => {
      await this.library.removeAccountHolder(tx, p.userId);
      await this.settings.remove(tx, p.userId);
    });
    await this.kit.events.consume('people-notification-settings', ['auth.notification-settings-changed'], ({ payload }, tx) => this.settings.upsert(tx, payload));
    await this.kit.events.consume('people-records-opened', ['records.shared-record-opened'], ({ payload }, tx) => this.opened(tx, payload));
    await this.kit.events.consume('people-studies-opened', ['imaging.shared-study-opened'], ({ payload }, tx) => this.opened(tx, payload));
  }

  private async addressProved(tx: Tx, p: EventPayloads['auth.email-verified']): Promise<void> {
    if (await this.library.markProved(tx, p.userId, p.email, p.at)) await this.linkInvited(tx, p.userId, p.email);
  }

  /** Links every person invited at the (proved) address to the account, any owner's but the account's own. */
  private async linkInvited(tx: Tx, userId: string, email: string): Promise<void> {
    const invited = (await this.recipients.lockAllByEmail(tx, email)).filter((r) => r.recipient_user_id !== userId && r.owner_user_id !== userId);
    if (!invited.length) return;
    await this.recipients.linkAccount(tx, invited.map((r) => r.id), userId);
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
