import { Controller, Get, Query, Redirect } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, SMART_API, smartAuthorizeQuerySchema } from '@portal/contracts';
import { Public, validate } from '@portal/server-kit';
import { Authorize, type AuthorizeQuery } from './authorize';

@ApiTags('smart')
@Controller()
export class AuthorizeController {
  constructor(private readonly authorize: Authorize) {}

  /** GET /api/smart/authorize: 302 to the consent screen, or back to the app with an OAuth error. */
  @Public()
  @Get(apiRoute(SMART_API.authorize))
  @Redirect(undefined, 302)
  start(@Query(validate(smartAuthorizeQuerySchema)) query: AuthorizeQuery) {
    return this.authorize.execute(query);
  }
}
