import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, sendIsoFileSchema, SHARING_API } from '@portal/contracts';
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
import { SendIsoFile } from './send-iso-file';

@ApiTags('sharing')
@Controller()
export class SendIsoFileController {
  constructor(private readonly sendIsoFile: SendIsoFile) {}

  /** POST /api/sendISOFile: share one record with people and mail them; 'OK'. */
  @Roles('PATIENT')
  @ActFor('sharing', 'SHARE_RECORDS')
  @Post(apiRoute(SHARING_API.sendISOFile))
  @HttpCode(200)
  send(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(sendIsoFileSchema)) body: InferType<typeof sendIsoFileSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.sendIsoFile.execute(user.sub, body, caller);
  }
}
