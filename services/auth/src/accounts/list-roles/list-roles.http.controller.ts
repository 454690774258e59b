import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, type UserRole } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims } from '@portal/server-kit';
import { toUserRole } from '../../sessions/session.service';

/** The roles of the signed-in user, read from the verified token alone (no database call: the hottest route). */
@ApiTags('auth')
@Controller()
export class ListRolesController {
  /** GET /api/user/roles: every role the user holds, the active one marked. */
  @Get(apiRoute(AUTH_API.roles))
  roles(@CurrentUser() user: CurrentUserClaims): UserRole[] {
    return user.roles.map((r) => toUserRole(r, r === user.role));
  }

  /** GET /api/user/role: the active role. */
  @Get(apiRoute(AUTH_API.role))
  role(@CurrentUser() user: CurrentUserClaims): UserRole {
    return toUserRole(user.role, true);
  }
}
