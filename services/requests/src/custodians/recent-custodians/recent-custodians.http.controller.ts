import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Custodian } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims } from '@portal/server-kit';
import { GetRecentCustodians } from './recent-custodians';

@ApiTags('requests')
@Controller('requestRecord')
export class RecentCustodiansController {
  constructor(private readonly recent: GetRecentCustodians) {}

  /** GET /api/requestRecord/getRecentCustodians (signed in, any role). */
  @Get('getRecentCustodians')
  list(@CurrentUser() user: CurrentUserClaims): Promise<Custodian[]> {
    return this.recent.execute(user.sub);
  }
}
