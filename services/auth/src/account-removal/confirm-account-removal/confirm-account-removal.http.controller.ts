import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, linkTokenSchema } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { ConfirmAccountRemoval } from './confirm-account-removal';

@ApiTags('identity')
@Controller()
export class ConfirmAccountRemovalController {
  constructor(private readonly confirmAccountRemoval: ConfirmAccountRemoval) {}

  /** POST /api/myIdentity/confirmAccountRemoval {token}. */
  @Post(apiRoute(AUTH_API.confirmAccountRemoval))
  @HttpCode(200)
  confirm(
    @CurrentUser() claims: CurrentUserClaims,
    @Body(validate(linkTokenSchema)) body: InferType<typeof linkTokenSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.confirmAccountRemoval.execute(claims, body.token, caller);
  }
}
