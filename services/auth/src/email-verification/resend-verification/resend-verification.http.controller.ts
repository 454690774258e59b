import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API } from '@portal/contracts';
import { type Caller, CurrentUser, type CurrentUserClaims, RequestCaller } from '@portal/server-kit';
import { ResendVerification } from './resend-verification';

@ApiTags('auth')
@Controller()
export class ResendVerificationController {
  constructor(private readonly resendVerification: ResendVerification) {}

  /** POST /api/auth/resendVerification (signed in, no body): ResendVerificationAnswer. */
  @Post(apiRoute(AUTH_API.resendVerification))
  @HttpCode(200)
  resend(@CurrentUser() claims: CurrentUserClaims, @RequestCaller() caller: Caller) {
    return this.resendVerification.execute(claims, caller);
  }
}
