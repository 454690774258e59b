import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { accountRemovalRequestSchema, apiRoute, AUTH_API } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { RequestAccountRemoval } from './request-account-removal';

@ApiTags('identity')
@Controller()
export class RequestAccountRemovalController {
  constructor(private readonly requestAccountRemoval: RequestAccountRemoval) {}

  /** POST /api/myIdentity/accountRemovalRequest {currentPassword}. */
  @Post(apiRoute(AUTH_API.accountRemovalRequest))
  @HttpCode(200)
  request(
    @CurrentUser() claims: CurrentUserClaims,
    @Body(validate(accountRemovalRequestSchema)) body: InferType<typeof accountRemovalRequestSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.requestAccountRemoval.execute(claims, body.currentPassword, caller);
  }
}
