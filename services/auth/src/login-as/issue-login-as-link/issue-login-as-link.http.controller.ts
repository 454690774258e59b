import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, loginAsUserSchema } from '@portal/contracts';
import { type Caller, Public, RequestCaller, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { IssueLoginAsLink } from './issue-login-as-link';

@ApiTags('auth')
@Controller()
export class IssueLoginAsLinkController {
  constructor(private readonly issueLoginAsLink: IssueLoginAsLink) {}

  /** POST /api/auth/loginAsUser {email, reason} with x-support-key. */
  @Public()
  @Post(apiRoute(AUTH_API.loginAsUser))
  @HttpCode(200)
  issue(
    @Headers('x-support-key') key: string | undefined,
    @Body(validate(loginAsUserSchema)) body: InferType<typeof loginAsUserSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.issueLoginAsLink.execute(key, body, caller);
  }
}
