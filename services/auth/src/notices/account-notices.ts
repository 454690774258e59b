import { Inject, Injectable } from '@nestjs/common';
import { AUTH_API, MESSAGES, type NotificationChild } from '@portal/contracts';
import { CONFIG, MailService, type PortalConfig } from '@portal/server-kit';
import { NotificationSettingsService } from '../notification-settings/notification-settings.service';
import { greeting } from './mail-text';
import { Secrets } from './secrets';

const NOTICES = {
  ACCOUNT_PASSWORD_CHANGED_NOTIFICATION: {
    subject: 'Your Patient Portal password was changed',
    body: `${MESSAGES.passwordChanged}. If this was not you, reset your password at once and contact support.`,
  },
  ACCOUNT_EMAIL_ADDRESS_CHANGED_NOTIFICATION: {
    subject: 'Your Patient Portal email address was changed',
    body: 'The email address of your Patient Portal account was changed. From now on we write to the new address. If this was not you, contact support at once.',
  },
} satisfies Partial<Record<NotificationChild, { subject: string; body: string }>>;

export type AccountNotice = keyof typeof NOTICES;

/**
 * Account notices, each sent only when the user's notification setting tied to it is on, with an
 * unsubscribe link in the text and the List-Unsubscribe headers mail clients offer as one click.
 */
@Injectable()
export class AccountNotices {
  constructor(
    @Inject(CONFIG) private readonly config: PortalConfig,
    private readonly mail: MailService,
    private readonly settings: NotificationSettingsService,
    private readonly secrets: Secrets,
  ) {}

  async send(notice: AccountNotice, user: { id: string; firstName: string }, to: string): Promise<boolean> {
    if (!(await this.settings.allowed(user.id, notice))) return false;
    const id = this.secrets.unsubscribeId(to);
    const page = `${this.config.publicUrl}/unsubscribe/${id}`;
    const oneClick = `${this.config.publicUrl}${AUTH_API.optOutPage}?id=${id}`;
    const { subject, body } = NOTICES[notice];
    await this.mail.send({
      to,
      subject,
      text: `${greeting(user.firstName)}\n\n${body}\n\nTo stop receiving these emails: ${page}\n`,
      headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    return true;
  }
}
