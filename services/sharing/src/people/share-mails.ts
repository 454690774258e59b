import { Inject, Injectable } from '@nestjs/common';
import { invitationSignupPath, INVITATION_TTL_SECONDS, SHARED_WITH_ME_PATH } from '@portal/contracts';
import {
  CONFIG,
  InvitationTokens,
  logger,
  MailService,
  type PortalConfig,
  type Queryable,
} from '@portal/server-kit';
import { NotificationSettingsRepository, type SharingNotification } from './notification-settings.repository';
import type { SharedPersonRow } from './shared-person.repository';

/** Download links an invitation mail may carry (imaging records only). */
export interface MailedLinks {
  iso?: string;
  zip?: string;
}

/**
 * The mails of sharing with people. The invited person always gets the first invitation (a new address
 * has no settings to honour); later shares follow their SHARING_SHARED_WITH_ME_NOTIFICATION. The owner's
 * mails follow theirs. Mails go after the change is committed and a failed send is logged, never undone.
 */
@Injectable()
export class ShareMails {
  constructor(
    @Inject(CONFIG) private readonly config: PortalConfig,
    private readonly mailer: MailService,
    private readonly tokens: InvitationTokens,
    private readonly settings: NotificationSettingsRepository,
  ) {}

  private url(path: string): string {
    return new URL(path, this.config.publicUrl).toString();
  }

  /** The invited person's link: sign up with the invitation, or sign in and see Shared With Me. */
  async invitationUrl(r: SharedPersonRow): Promise<string> {
    if (r.recipient_user_id) return this.url(`/login?redirect=${encodeURIComponent(SHARED_WITH_ME_PATH)}`);
    return this.url(
      invitationSignupPath(
        await this.tokens.sign(
          { recipientId: r.id, ownerUserId: r.owner_user_id, email: r.email },
          INVITATION_TTL_SECONDS,
        ),
      ),
    );
  }

  async invite(
    db: Queryable,
    r: SharedPersonRow,
    ownerName: string,
    firstShare: boolean,
    links: MailedLinks = {},
  ): Promise<void> {
    if (
      r.recipient_user_id &&
      !(await this.settings.isOn(db, r.recipient_user_id, 'SHARING_SHARED_WITH_ME_NOTIFICATION')) &&
      !firstShare
    )
      return;
    const downloads = [
      links.iso ? `Download the images as a disc image (ISO): ${links.iso}` : '',
      links.zip ? `Download the images as a zip file: ${links.zip}` : '',
    ].filter(Boolean);
    await this.send({
      to: r.email,
      subject: `${ownerName} shared medical records with you`,
      text:
        `Hello ${r.first_name},\n\n${ownerName} shared medical records with you on the Patient Portal.\n\n` +
        (r.recipient_user_id
          ? `Sign in to see them under Shared With Me: ${await this.invitationUrl(r)}\n`
          : `Create your account to see them: ${await this.invitationUrl(r)}\nThis invitation link works for 30 days.\n`) +
        (downloads.length ? `\n${downloads.join('\n')}\nThese download links work for 7 days.\n` : '') +
        `\nThe Patient Portal team\n`,
    });
  }

  /** A mail to the owner, when the notification is on. */
  async toOwner(
    db: Queryable,
    ownerUserId: string,
    which: SharingNotification,
    subject: string,
    text: string,
  ): Promise<void> {
    const to = await this.settings.emailIfOn(db, ownerUserId, which);
    if (!to) return;
    await this.send({
      to,
      subject,
      text: `Hello,\n\n${text}\n\nYou can turn this notification off in your notification settings.\n\nThe Patient Portal team\n`,
    });
  }

  private async send(message: { to: string; subject: string; text: string }): Promise<void> {
    await this.mailer
      .send(message)
      .catch((err: Error) =>
        logger.warn({ err: err.message, subject: message.subject }, 'sharing mail failed'),
      );
  }
}
