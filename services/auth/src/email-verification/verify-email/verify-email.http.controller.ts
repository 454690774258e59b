import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, linkTokenSchema } from '@portal/contracts';
import { type Caller, Public, RequestCaller, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { VerifyEmail } from './verify-email';

@ApiTags('auth')
@Controller()
export class VerifyEmailController {
  constructor(private readonly verifyEmail: VerifyEmail) {}

  /** POST /api/auth/verifyEmail {token}: VerifyEmailAnswer. */
  @Public()
  @Post(apiRoute(AUTH_API.verifyEmail))
  @HttpCode(200)
  verify(
    @Body(validate(linkTokenSchema)) body: InferType<typeof linkTokenSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.verifyEmail.execute(body.token, caller);
  }
}
