import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, switchRoleSchema } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { SwitchRole } from './switch-role';

@ApiTags('auth')
@Controller()
export class SwitchRoleController {
  constructor(private readonly switchRole: SwitchRole) {}

  /** POST /api/user/switchRole. */
  @Post(apiRoute(AUTH_API.switchRole))
  @HttpCode(200)
  switch(
    @CurrentUser() claims: CurrentUserClaims,
    @Body(validate(switchRoleSchema)) body: InferType<typeof switchRoleSchema>,
  ) {
    return this.switchRole.execute(claims, body.role);
  }
}
