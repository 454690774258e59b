import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/server-kit';
import { CheckPasswordLink } from './check-password-link';

@ApiTags('auth')
@Controller()
export class CheckPasswordLinkController {
  constructor(private readonly checkPasswordLink: CheckPasswordLink) {}

  /** GET /api/checkForgotPasswordToken and /api/checkResetPasswordToken?token=. */
  @Public()
  @Get(['checkForgotPasswordToken', 'checkResetPasswordToken'])
  check(@Query('token') token = '') {
    return this.checkPasswordLink.execute(token);
  }
}
