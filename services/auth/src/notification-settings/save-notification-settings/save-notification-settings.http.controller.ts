import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, type NotificationSetting, notificationSettingsSchema } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { SaveNotificationSettings } from './save-notification-settings';

@ApiTags('identity')
@Controller()
export class SaveNotificationSettingsController {
  constructor(private readonly saveNotificationSettings: SaveNotificationSettings) {}

  /** POST /api/notificationSettings {settings}: always the signed-in user's own switches. */
  @Post(apiRoute(AUTH_API.notificationSettings))
  @HttpCode(200)
  save(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(notificationSettingsSchema)) body: InferType<typeof notificationSettingsSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.saveNotificationSettings.execute(user, body.settings as NotificationSetting[], caller);
  }
}
