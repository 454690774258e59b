import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, createAccountSchema } from '@portal/contracts';
import { type Caller, Public, RequestCaller, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { CreateAccount } from './create-account';

@ApiTags('auth')
@Controller()
export class CreateAccountController {
  constructor(private readonly createAccount: CreateAccount) {}

  /** POST /api/auth/createAccount (and /api/createAccount of the external request): sign-up without a password; a link to set it is mailed. */
  @Public()
  @Post([apiRoute(AUTH_API.createAccount), apiRoute(AUTH_API.createAccountExternal)])
  create(
    @Body(validate(createAccountSchema)) body: InferType<typeof createAccountSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.createAccount.signUp(body, caller);
  }
}
