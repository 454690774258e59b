import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type FollowUpTask, WHOLE_BODY_SCAN_API } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
} from '@portal/server-kit';
import { ListFollowUps } from './list-follow-ups';

@ApiTags('records')
@Controller()
export class ListFollowUpsController {
  constructor(private readonly listFollowUps: ListFollowUps) {}

  /** GET /api/wholeBodyScan/followUps. */
  @Roles('PATIENT')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(WHOLE_BODY_SCAN_API.followUps))
  list(@CurrentUser() user: CurrentUserClaims, @RequestCaller() caller: Caller): Promise<FollowUpTask[]> {
    return this.listFollowUps.execute(user.sub, caller);
  }
}
