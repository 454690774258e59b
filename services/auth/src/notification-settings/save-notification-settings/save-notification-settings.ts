import { Injectable } from '@nestjs/common';
import { MESSAGES, type NotificationSetting } from '@portal/contracts';
import { type Caller, type CurrentUserClaims, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { NotificationSettingsService } from '../notification-settings.service';

/** POST notificationSettings {settings}: stored complete (an off group switches its children off), audited, announced. */
@Injectable()
export class SaveNotificationSettings {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly settings: NotificationSettingsService,
  ) {}

  async execute(
    user: Pick<CurrentUserClaims, 'sub' | 'email'>,
    list: NotificationSetting[],
    caller: Caller,
  ): Promise<{ message: string; settings: NotificationSetting[] }> {
    const settings = await this.kit.transaction(async (tx) => {
      await this.kit.audit.record(tx, caller, {
        action: 'identity.notification-settings-saved',
        resourceType: 'user',
        resourceId: user.sub,
        subjectId: user.sub,
      });
      return this.settings.save(tx, { id: user.sub, email: user.email }, list);
    });
    return { message: MESSAGES.notificationSaved, settings };
  }
}
