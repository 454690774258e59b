import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { InferType } from 'yup';
import { apiRoute, createHealthLinkSchema, SHARING_API } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import { CreateHealthLink } from './create-health-link';

@ApiTags('sharing')
@Controller()
export class CreateHealthLinkController {
  constructor(private readonly createHealthLink: CreateHealthLink) {}

  /** POST /api/sharing/healthLinks: a SMART Health Link (passcode, expiry) to a record of the caller's. */
  @Roles('PATIENT')
  @Post(apiRoute(SHARING_API.healthLinks))
  create(
    @Body(validate(createHealthLinkSchema)) body: InferType<typeof createHealthLinkSchema>,
    @CurrentUser() user: CurrentUserClaims,
    @RequestCaller() caller: Caller,
  ) {
    return this.createHealthLink.execute(user.sub, body, caller);
  }
}
