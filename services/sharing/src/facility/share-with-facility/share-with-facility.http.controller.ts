import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, shareWithFacilitySchema, SHARING_API } from '@portal/contracts';
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
import { ShareWithFacility } from './share-with-facility';

@ApiTags('sharing')
@Controller()
export class ShareWithFacilityController {
  constructor(private readonly shareWithFacility: ShareWithFacility) {}

  /** POST /api/shareWithFacility: mails the facility a link to one study; 'OK' (status 200). */
  @Roles('PATIENT')
  @ActFor('sharing', 'SHARE_RECORDS')
  @Post(apiRoute(SHARING_API.shareWithFacility))
  @HttpCode(200)
  share(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(shareWithFacilitySchema)) body: InferType<typeof shareWithFacilitySchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.shareWithFacility.execute(user.sub, body, caller);
  }
}
