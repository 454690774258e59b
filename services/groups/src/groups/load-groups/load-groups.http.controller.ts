import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, GROUPS_API } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, Roles } from '@portal/server-kit';
import { LoadGroups } from './load-groups';

@ApiTags('groups')
@Controller()
export class LoadGroupsController {
  constructor(private readonly loadGroups: LoadGroups) {}

  /** GET /api/groups/loadGrid. */
  @Roles('MEDICAL_COORDINATOR', 'GROUP_ADMIN')
  @Get(apiRoute(GROUPS_API.loadGrid))
  load(@CurrentUser() user: CurrentUserClaims) {
    return this.loadGroups.execute(user.sub);
  }
}
