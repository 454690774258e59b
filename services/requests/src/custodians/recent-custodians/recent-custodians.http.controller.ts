import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type Custodian, REQUESTS_API } from '@portal/contracts';
import { ActFor, CurrentUser, type CurrentUserClaims } from '@portal/server-kit';
import { GetRecentCustodians } from './recent-custodians';

@ApiTags('requests')
@Controller()
export class RecentCustodiansController {
  constructor(private readonly recent: GetRecentCustodians) {}

  /** GET /api/requestRecord/getRecentCustodians (signed in, any role). */
  @ActFor('requests', 'REQUEST_RECORDS')
  @Get(apiRoute(REQUESTS_API.getRecentCustodians))
  list(@CurrentUser() user: CurrentUserClaims): Promise<Custodian[]> {
    return this.recent.execute(user.sub);
  }
}
