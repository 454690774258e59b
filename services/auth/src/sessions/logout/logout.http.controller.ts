import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Caller, CurrentUser, type CurrentUserClaims, RequestCaller } from '@portal/server-kit';
import { Logout } from './logout';

@ApiTags('auth')
@Controller('auth')
export class LogoutController {
  constructor(private readonly logout: Logout) {}

  /** POST /api/auth/logout. */
  @Post('logout')
  @HttpCode(200)
  signOut(@CurrentUser() user: CurrentUserClaims, @RequestCaller() caller: Caller) {
    return this.logout.execute(user, caller);
  }
}
