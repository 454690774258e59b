import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Caller, Public, RequestCaller } from '@portal/server-kit';
import { SignInWithLink } from './sign-in-with-link';

@ApiTags('auth')
@Controller('auth')
export class SignInWithLinkController {
  constructor(private readonly signInWithLink: SignInWithLink) {}

  /** GET /api/auth/login-as-user/{token} (and loginWithPhoneUser/{token}). */
  @Public()
  @Get(['login-as-user/:token', 'loginWithPhoneUser/:token'])
  signIn(@Param('token') token: string, @RequestCaller() caller: Caller) {
    return this.signInWithLink.execute(token, caller);
  }
}
