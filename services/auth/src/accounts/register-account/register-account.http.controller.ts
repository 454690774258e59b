import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, registerAccountSchema } from '@portal/contracts';
import { type Caller, Public, RequestCaller, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { RegisterAccount } from './register-account';

@ApiTags('auth')
@Controller()
export class RegisterAccountController {
  constructor(private readonly registerAccount: RegisterAccount) {}

  /** POST /api/auth/registerAccount {email, password}: answers signed in. */
  @Public()
  @Post(apiRoute(AUTH_API.registerAccount))
  register(
    @Body(validate(registerAccountSchema)) body: InferType<typeof registerAccountSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.registerAccount.execute(body, caller);
  }
}
