import { Body, Controller, Headers, HttpCode, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { apiRoute, SMART_API, smartTokenRequestSchema } from '@portal/contracts';
import { type Caller, Consumes, Public, RequestCaller, validate } from '@portal/server-kit';
import { FORM_BODY_TYPE } from '../form-body';
import { IssueToken, type TokenRequest } from './issue-token';

@ApiTags('smart')
@Controller()
export class IssueTokenController {
  constructor(private readonly issueToken: IssueToken) {}

  /** POST /api/smart/token (form-encoded): tokens for a code (PKCE S256) or a refresh token (rotated). */
  @Public()
  @Post(apiRoute(SMART_API.token))
  @HttpCode(200)
  @Consumes(FORM_BODY_TYPE, 16 * 1024)
  async token(
    @Body(validate(smartTokenRequestSchema)) body: TokenRequest,
    @Headers('authorization') authorization: string | undefined,
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    // RFC 6749 §5.1: token answers are never cached.
    void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    return this.issueToken.execute(body, authorization, caller);
  }
}
