import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, phoneLoginSchema } from '@portal/contracts';
import { type Caller, Public, RequestCaller, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { RequestPhoneLogin } from './request-phone-login';

@ApiTags('auth')
@Controller()
export class RequestPhoneLoginController {
  constructor(private readonly requestPhoneLogin: RequestPhoneLogin) {}

  /** POST /api/auth/phoneLogin {countryCode, phone}. */
  @Public()
  @Post(apiRoute(AUTH_API.phoneLogin))
  @HttpCode(200)
  request(
    @Body(validate(phoneLoginSchema)) body: InferType<typeof phoneLoginSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.requestPhoneLogin.execute(body, caller);
  }
}
