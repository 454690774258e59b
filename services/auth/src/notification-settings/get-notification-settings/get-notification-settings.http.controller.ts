import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, type NotificationSetting } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims } from '@portal/server-kit';
import { NotificationSettingsService } from '../notification-settings.service';

@ApiTags('identity')
@Controller()
export class GetNotificationSettingsController {
  constructor(private readonly settings: NotificationSettingsService) {}

  /** GET /api/notificationSettings: every mnemonic of the signed-in user; a missing value counts as false. */
  @Get(apiRoute(AUTH_API.notificationSettings))
  get(@CurrentUser() user: CurrentUserClaims): Promise<NotificationSetting[]> {
    return this.settings.get(user.sub);
  }
}
