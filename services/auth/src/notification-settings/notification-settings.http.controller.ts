import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MESSAGES, notificationSettingsSchema, type NotificationSetting } from '@portal/contracts';
import { type ContextKit, CurrentUser, type CurrentUserClaims, InjectContext, RequestMeta, type RequestMetaValue, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { NotificationSettingsService } from './notification-settings.service';

/** GET and POST /api/notificationSettings: always the signed-in user's own switches. */
@ApiTags('identity')
@Controller('notificationSettings')
export class NotificationSettingsController {
  constructor(
    @InjectContext('auth') private readonly kit: ContextKit,
    private readonly settings: NotificationSettingsService,
  ) {}

  @Get()
  get(@CurrentUser() user: CurrentUserClaims): Promise<NotificationSetting[]> {
    return this.settings.get(user.sub);
  }

  @Post()
  @HttpCode(200)
  async save(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(notificationSettingsSchema)) body: InferType<typeof notificationSettingsSchema>,
    @RequestMeta() meta: RequestMetaValue,
  ) {
    const settings = await this.kit.events.transaction(async (tx) => {
      await this.kit.audit.record(tx, {
        actorId: user.sub,
        action: 'identity.notification-settings-saved',
        resourceType: 'user',
        resourceId: user.sub,
        subjectId: user.sub,
        ip: meta.ip,
        requestId: meta.requestId,
      });
      return this.settings.save(tx, { id: user.sub, email: user.email }, body.settings as NotificationSetting[]);
    });
    return { message: MESSAGES.notificationSaved, settings };
  }
}
