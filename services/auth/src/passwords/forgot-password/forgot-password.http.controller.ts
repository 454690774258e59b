import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, forgotPasswordSchema } from '@portal/contracts';
import { type Caller, Public, RequestCaller, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { ForgotPassword } from './forgot-password';

@ApiTags('auth')
@Controller()
export class ForgotPasswordController {
  constructor(private readonly forgotPassword: ForgotPassword) {}

  /** POST /api/auth/forgotPassword {username}. */
  @Public()
  @Post(apiRoute(AUTH_API.forgotPassword))
  @HttpCode(200)
  forgot(
    @Body(validate(forgotPasswordSchema)) body: InferType<typeof forgotPasswordSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.forgotPassword.execute(body.username, caller);
  }
}
