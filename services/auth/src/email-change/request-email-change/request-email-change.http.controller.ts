import { Body, Controller, HttpCode, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, updateEmailSchema } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { RequestEmailChange } from './request-email-change';

@ApiTags('identity')
@Controller()
export class RequestEmailChangeController {
  constructor(private readonly requestEmailChange: RequestEmailChange) {}

  /** PUT /api/myIdentity/updateEmail {newEmail}. */
  @Put(apiRoute(AUTH_API.updateEmail))
  @HttpCode(200)
  request(
    @CurrentUser() claims: CurrentUserClaims,
    @Body(validate(updateEmailSchema)) body: InferType<typeof updateEmailSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.requestEmailChange.execute(claims, body.newEmail, caller);
  }
}
