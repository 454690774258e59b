import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, GROUPS_API, type MyMembership } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims } from '@portal/server-kit';
import { MyMemberships } from './my-memberships';

@ApiTags('groups')
@Controller()
export class MyMembershipsController {
  constructor(private readonly myMemberships: MyMemberships) {}

  /** GET /api/groups/myMemberships (any signed-in user): their own pending and active memberships. */
  @ApiOperation({ summary: "The caller's own memberships, pending or active" })
  @Get(apiRoute(GROUPS_API.myMemberships))
  list(@CurrentUser() user: CurrentUserClaims): Promise<MyMembership[]> {
    return this.myMemberships.execute(user.sub);
  }
}
