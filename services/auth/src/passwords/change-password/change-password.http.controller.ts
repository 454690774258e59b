import { Body, Controller, HttpCode, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, readUpdatePassword, updatePasswordSchema } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { ChangePassword } from './change-password';

/** Either payload reading of updatePassword, mapped onto one before the shared rules run. */
const updatePasswordPipe = validate(updatePasswordSchema, { read: readUpdatePassword });

@ApiTags('identity')
@Controller()
export class ChangePasswordController {
  constructor(private readonly changePassword: ChangePassword) {}

  /** PUT /api/myIdentity/updatePassword. */
  @Put(apiRoute(AUTH_API.updatePassword))
  @HttpCode(200)
  change(
    @CurrentUser() claims: CurrentUserClaims,
    @Body(updatePasswordPipe) body: InferType<typeof updatePasswordSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.changePassword.execute(claims, body, caller);
  }

  /** The same call as POST, as the spec shows both methods. */
  @Post(apiRoute(AUTH_API.updatePassword))
  @HttpCode(200)
  changeByPost(
    @CurrentUser() claims: CurrentUserClaims,
    @Body(updatePasswordPipe) body: InferType<typeof updatePasswordSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.changePassword.execute(claims, body, caller);
  }
}
