import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API } from '@portal/contracts';
import { type Caller, CurrentUser, type CurrentUserClaims, RequestCaller } from '@portal/server-kit';
import { Logout } from './logout';

@ApiTags('auth')
@Controller()
export class LogoutController {
  constructor(private readonly logout: Logout) {}

  /** POST /api/auth/logout. */
  @Post(apiRoute(AUTH_API.logout))
  @HttpCode(200)
  signOut(@CurrentUser() user: CurrentUserClaims, @RequestCaller() caller: Caller) {
    return this.logout.execute(user, caller);
  }
}
