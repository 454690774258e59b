import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, shareRecordsSchema, SHARING_API } from '@portal/contracts';
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
import { ShareRecords } from './share-records';

@ApiTags('sharing')
@Controller()
export class ShareRecordsController {
  constructor(private readonly shareRecords: ShareRecords) {}

  /** POST /api/shareRecords: invite one person with all or limited access. */
  @Roles('PATIENT')
  @ActFor('sharing', 'SHARE_RECORDS')
  @Post(apiRoute(SHARING_API.shareRecords))
  share(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(shareRecordsSchema)) body: InferType<typeof shareRecordsSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.shareRecords.execute(user.sub, body, caller);
  }
}
