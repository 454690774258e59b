import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { apiRoute, type ConnectedAppReads, FHIR_ACCESS_API } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, Roles } from '@portal/server-kit';
import { GetAppReads } from './app-reads';

@ApiTags('records')
@Controller()
export class AppReadsController {
  constructor(private readonly getAppReads: GetAppReads) {}

  /** GET /api/fhirAccess/appReads (the patient): ConnectedAppReads[] of their own apps. */
  @Roles('PATIENT')
  @Get(apiRoute(FHIR_ACCESS_API.appReads))
  @ApiOkResponse({ description: 'ConnectedAppReads[]' })
  appReads(@CurrentUser() user: CurrentUserClaims): Promise<ConnectedAppReads[]> {
    return this.getAppReads.execute(user.sub);
  }
}
