import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, SHARING_API } from '@portal/contracts';
import { ActFor, CurrentUser, type CurrentUserClaims, Roles } from '@portal/server-kit';
import { ListSharedPeople } from './list-shared-people';

@ApiTags('sharing')
@Controller()
export class ListSharedPeopleController {
  constructor(private readonly listSharedPeople: ListSharedPeople) {}

  /** GET /api/getSharedUsersList. */
  @Roles('PATIENT')
  @ActFor('sharing', 'SHARE_RECORDS')
  @Get(apiRoute(SHARING_API.sharedUsers))
  list(@CurrentUser() user: CurrentUserClaims) {
    return this.listSharedPeople.execute(user.sub);
  }
}
