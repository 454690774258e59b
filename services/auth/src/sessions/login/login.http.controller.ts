import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, loginSchema } from '@portal/contracts';
import { type Caller, Public, RequestCaller, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { Login } from './login';

@ApiTags('auth')
@Controller()
export class LoginController {
  constructor(private readonly login: Login) {}

  /** POST /api/auth/login: username, password, remember → token, role, userId, challenge, user data. */
  @Public()
  @Post(apiRoute(AUTH_API.login))
  @HttpCode(200)
  signIn(@Body(validate(loginSchema)) body: InferType<typeof loginSchema>, @RequestCaller() caller: Caller) {
    return this.login.execute(body, caller);
  }
}
