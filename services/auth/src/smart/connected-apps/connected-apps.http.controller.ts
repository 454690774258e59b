import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, SMART_API } from '@portal/contracts';
import { type Caller, CurrentUser, type CurrentUserClaims, RequestCaller, Roles } from '@portal/server-kit';
import { connectedAppNotFound } from '../../auth.errors';
import { ConnectedApps } from './connected-apps';

const authorizationIdParam = new ParseUUIDPipe({ exceptionFactory: connectedAppNotFound });

@ApiTags('smart')
@Controller()
export class ConnectedAppsController {
  constructor(private readonly apps: ConnectedApps) {}

  /** GET /api/smart/connectedApps: the apps the patient let in. */
  @Roles('PATIENT')
  @Get(apiRoute(SMART_API.connectedApps))
  list(@CurrentUser() user: CurrentUserClaims) {
    return this.apps.list(user);
  }

  /** POST /api/smart/connectedApps/{authorizationId}/revoke: the app's tokens die at once; another patient's is 404. */
  @Roles('PATIENT')
  @Post(apiRoute(SMART_API.revokeApp, 'authorizationId'))
  @HttpCode(200)
  revoke(
    @Param('authorizationId', authorizationIdParam) authorizationId: string,
    @CurrentUser() user: CurrentUserClaims,
    @RequestCaller() caller: Caller,
  ) {
    return this.apps.revoke(authorizationId, user, caller);
  }
}
