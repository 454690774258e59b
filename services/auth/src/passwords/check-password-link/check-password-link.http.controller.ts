import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, passwordLinkQuery } from '@portal/contracts';
import { Public, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { CheckPasswordLink } from './check-password-link';

@ApiTags('auth')
@Controller()
export class CheckPasswordLinkController {
  constructor(private readonly checkPasswordLink: CheckPasswordLink) {}

  /** GET /api/checkForgotPasswordToken and /api/checkResetPasswordToken?token=. */
  @Public()
  @Get([apiRoute(AUTH_API.checkForgotPasswordToken), apiRoute(AUTH_API.checkResetPasswordToken)])
  check(@Query(validate(passwordLinkQuery)) query: InferType<typeof passwordLinkQuery>) {
    return this.checkPasswordLink.execute(query.token);
  }
}
