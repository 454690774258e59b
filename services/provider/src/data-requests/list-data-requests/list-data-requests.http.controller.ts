import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type CurrentUserClaims, Roles } from '@portal/server-kit';
import { ListDataRequests } from './list-data-requests';

@ApiTags('provider')
@Controller()
export class ListDataRequestsController {
  constructor(private readonly listDataRequests: ListDataRequests) {}

  /** GET /api/getPatientRequestsForExternalProvider. */
  @Roles('EXTERNAL_PROVIDER')
  @Get('getPatientRequestsForExternalProvider')
  list(@CurrentUser() user: CurrentUserClaims) {
    return this.listDataRequests.execute(user.sub);
  }
}
