import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API } from '@portal/contracts';
import { type Caller, Public, RequestCaller } from '@portal/server-kit';
import { SignInWithLink } from './sign-in-with-link';

@ApiTags('auth')
@Controller()
export class SignInWithLinkController {
  constructor(private readonly signInWithLink: SignInWithLink) {}

  /** GET /api/auth/login-as-user/{token} (and loginWithPhoneUser/{token}). */
  @Public()
  @Get([apiRoute(AUTH_API.loginAsUserToken, 'token'), apiRoute(AUTH_API.loginWithPhoneUser, 'token')])
  signIn(@Param('token') token: string, @RequestCaller() caller: Caller) {
    return this.signInWithLink.execute(token, caller);
  }
}
