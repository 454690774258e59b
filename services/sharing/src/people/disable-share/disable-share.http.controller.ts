import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, disableShareSchema, SHARING_API } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { DisableShare } from './disable-share';

@ApiTags('sharing')
@Controller()
export class DisableShareController {
  constructor(private readonly disableShare: DisableShare) {}

  /** POST /api/disablePatientToShareRecord: per person, this record on or off; 'OK'. */
  @Roles('PATIENT')
  @ActFor('sharing', 'SHARE_RECORDS')
  @Post(apiRoute(SHARING_API.disablePatientToShareRecord))
  @HttpCode(200)
  toggle(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(disableShareSchema)) body: InferType<typeof disableShareSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.disableShare.execute(user.sub, body, caller);
  }
}
