import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, SMART_API } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, Roles } from '@portal/server-kit';
import { consentRequestGone } from '../../auth.errors';
import { ShowConsent } from './show-consent';

/** An id that is no uuid names no pending request: 404, like an expired one. */
export const requestIdParam = new ParseUUIDPipe({ exceptionFactory: consentRequestGone });

@ApiTags('smart')
@Controller()
export class ShowConsentController {
  constructor(private readonly showConsent: ShowConsent) {}

  /** GET /api/smart/consent/{requestId}: the pending authorization request, for the signed-in patient to answer. */
  @Roles('PATIENT')
  @Get(apiRoute(SMART_API.consentRequest, 'requestId'))
  show(@Param('requestId', requestIdParam) requestId: string, @CurrentUser() user: CurrentUserClaims) {
    return this.showConsent.execute(requestId, user);
  }
}
