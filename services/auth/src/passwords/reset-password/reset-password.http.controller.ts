import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, resetPasswordSchema } from '@portal/contracts';
import { type Caller, Public, RequestCaller, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { ResetPassword } from './reset-password';

@ApiTags('auth')
@Controller()
export class ResetPasswordController {
  constructor(private readonly resetPassword: ResetPassword) {}

  /** POST /api/auth/resetPassword {token, newPassword} or {token: <user id>, tokenId: true}. */
  @Public()
  @Post(apiRoute(AUTH_API.resetPassword))
  @HttpCode(200)
  reset(
    @Body(validate(resetPasswordSchema)) body: InferType<typeof resetPasswordSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.resetPassword.execute(body, caller);
  }
}
