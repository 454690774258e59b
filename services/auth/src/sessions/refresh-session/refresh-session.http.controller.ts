import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, refreshSchema } from '@portal/contracts';
import { Public, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { RefreshSession } from './refresh-session';

@ApiTags('auth')
@Controller()
export class RefreshSessionController {
  constructor(private readonly refreshSession: RefreshSession) {}

  /** POST /api/auth/refresh {refresh_token}: rotates the refresh token; a reused one revokes its family and answers 401. */
  @Public()
  @Post(apiRoute(AUTH_API.refresh))
  @HttpCode(200)
  refresh(@Body(validate(refreshSchema)) body: InferType<typeof refreshSchema>) {
    return this.refreshSession.execute(body.refresh_token);
  }
}
