import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API } from '@portal/contracts';
import { Public } from '@portal/server-kit';
import { CheckUserEmail } from './check-user-email';

@ApiTags('auth')
@Controller()
export class CheckUserEmailController {
  constructor(private readonly checkUserEmail: CheckUserEmail) {}

  /** GET /api/auth/checkUserEmail/{email}: whether an account exists (rate limited at the gateway). */
  @Public()
  @Get(apiRoute(AUTH_API.checkUserEmail, 'email'))
  check(@Param('email') email: string) {
    return this.checkUserEmail.execute(email);
  }
}
