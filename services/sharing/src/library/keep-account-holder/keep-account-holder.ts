import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import type { Tx } from '@portal/server-kit';
import { LinkInvitedPeople } from '../../people/link-invited-people/link-invited-people';
import { NotificationSettingsRepository } from '../../people/notification-settings.repository';
import { LibraryRepository } from '../library.repository';

/**
 * Sharing's copy of each account holder (auth owns them): the name and address the public page and the
 * mails show, whether the address is proved (shares follow only a proved one), and the holder's
 * notification choices (the mails follow them). See decision 0026 for why sharing keeps its own copy.
 */
@Injectable()
export class KeepAccountHolder {
  constructor(
    private readonly library: LibraryRepository,
    private readonly settings: NotificationSettingsRepository,
    private readonly invited: LinkInvitedPeople,
  ) {}

  /** Signed up; from an invitation link (or seeded) the address is proved at once, any other sign-up proves it later. */
  async registered(tx: Tx, u: EventPayloads['auth.user-registered'], at: string): Promise<void> {
    await this.library.upsertAccountHolder(tx, u, at);
    if (u.emailVerified === true)
      await this.invited.addressProved(tx, { userId: u.userId, email: u.email, at });
  }

  named(tx: Tx, p: EventPayloads['auth.profile-named']): Promise<unknown> {
    return this.library.nameAccountHolder(tx, p);
  }

  /** Confirmed by a link mailed to the new address: proved, so the mails and the invitations there follow it. */
  async emailChanged(tx: Tx, p: EventPayloads['auth.email-changed'], at: string): Promise<void> {
    await this.library.updateAccountEmail(tx, p.userId, p.newEmail, at);
    await this.settings.updateEmail(tx, p.userId, p.newEmail);
    await this.invited.link(tx, p.userId, p.newEmail);
  }

  async removed(tx: Tx, p: EventPayloads['auth.account-removed']): Promise<void> {
    await this.library.removeAccountHolder(tx, p.userId);
    await this.settings.remove(tx, p.userId);
  }

  settingsChanged(tx: Tx, p: EventPayloads['auth.notification-settings-changed']): Promise<unknown> {
    return this.settings.upsert(tx, p);
  }
}
