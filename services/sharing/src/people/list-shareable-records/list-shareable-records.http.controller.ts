import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, SHARING_API } from '@portal/contracts';
import { ActFor, CurrentUser, type CurrentUserClaims, Roles } from '@portal/server-kit';
import { ListShareableRecords } from './list-shareable-records';

@ApiTags('sharing')
@Controller()
export class ListShareableRecordsController {
  constructor(private readonly listShareableRecords: ListShareableRecords) {}

  /** GET /api/sharing/records: the owner's shareable records. */
  @Roles('PATIENT')
  @ActFor('sharing', 'SHARE_RECORDS')
  @Get(apiRoute(SHARING_API.shareableRecords))
  list(@CurrentUser() user: CurrentUserClaims) {
    return this.listShareableRecords.execute(user.sub);
  }
}
