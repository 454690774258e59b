import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { botCheckFailed, unsubscribeIdInvalid } from '../../auth.errors';
import { UserRepository } from '../../accounts/user.repository';
import { Secrets } from '../../notices/secrets';
import { NotificationSettingsService } from '../../notification-settings/notification-settings.service';
import { BotCheck } from '../bot-check';

/**
 * Opting out of notification mail by the signed id of a mail's link (decision 0009): every switch off
 * and the opt-out recorded. From the page the bot check must pass first; from a mail client's
 * one-click post the signed id alone is the proof.
 */
@Injectable()
export class OptOut {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
    private readonly secrets: Secrets,
    private readonly settings: NotificationSettingsService,
    private readonly botCheck: BotCheck,
  ) {}

  /** POST subscriptions {email: <unsubscribe id>, recaptchaToken}: answers "OK". */
  async fromPage(unsubscribeId: string, botCheckPayload: string, caller: Caller): Promise<'OK'> {
    if (!(await this.botCheck.passes(botCheckPayload))) throw botCheckFailed();
    await this.execute(unsubscribeId, caller, 'page');
    return 'OK';
  }

  async execute(unsubscribeId: string, caller: Caller, via: 'page' | 'one-click'): Promise<void> {
    const email = this.secrets.emailOfUnsubscribeId(unsubscribeId);
    const user = email ? await this.users.findByEmail(this.kit.db, email) : null;
    if (!user) throw unsubscribeIdInvalid();
    await this.kit.transaction(async (tx) => {
      await this.settings.allOff(tx, user);
      await this.users.markOptedOut(tx, user.id);
      await this.kit.audit.record(tx, caller, {
        actorId: null,
        action: 'auth.unsubscribed',
        resourceType: 'user',
        resourceId: user.id,
        subjectId: user.id,
        detail: { via },
      });
    });
  }

  /** Whether an unsubscribe id was made here (the page shows the form, or 'Invalid token'). */
  isKnown(unsubscribeId: string): boolean {
    return this.secrets.emailOfUnsubscribeId(unsubscribeId) !== null;
  }
}
