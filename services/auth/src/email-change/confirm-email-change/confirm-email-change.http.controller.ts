import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, linkTokenSchema } from '@portal/contracts';
import { type Caller, Public, RequestCaller, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { ConfirmEmailChange } from './confirm-email-change';

@ApiTags('identity')
@Controller()
export class ConfirmEmailChangeController {
  constructor(private readonly confirmEmailChange: ConfirmEmailChange) {}

  /** POST /api/myIdentity/confirmEmailUpdate {token}. */
  @Public()
  @Post(apiRoute(AUTH_API.confirmEmailUpdate))
  @HttpCode(200)
  confirm(
    @Body(validate(linkTokenSchema)) body: InferType<typeof linkTokenSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.confirmEmailChange.execute(body.token, caller);
  }
}
