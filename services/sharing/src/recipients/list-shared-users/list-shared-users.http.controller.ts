import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type CurrentUserClaims, Roles } from '@portal/server-kit';
import { ListSharedUsers } from './list-shared-users';

@ApiTags('sharing')
@Controller()
export class ListSharedUsersController {
  constructor(private readonly listSharedUsers: ListSharedUsers) {}

  /** GET /api/getSharedUsersList. */
  @Roles('PATIENT')
  @Get('getSharedUsersList')
  list(@CurrentUser() user: CurrentUserClaims) {
    return this.listSharedUsers.execute(user.sub);
  }
}
