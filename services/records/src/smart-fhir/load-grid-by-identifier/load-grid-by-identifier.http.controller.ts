import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  apiRoute,
  loadGridByIdentifierSchema,
  SMART_FHIR_API,
  type SmartFhirQueryAnswer,
} from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import { LoadGridByIdentifier } from './load-grid-by-identifier';

@ApiTags('records')
@Controller()
export class LoadGridByIdentifierController {
  constructor(private readonly loadGridByIdentifier: LoadGridByIdentifier) {}

  /** GET /api/smartFhir/loadGridByIdentifier?identifier=. */
  @Roles('PATIENT', 'SMART_FHIR')
  @Get(apiRoute(SMART_FHIR_API.loadGridByIdentifier))
  load(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(loadGridByIdentifierSchema)) query: { identifier: string },
    @RequestCaller() caller: Caller,
  ): Promise<SmartFhirQueryAnswer> {
    return this.loadGridByIdentifier.execute(user.sub, query.identifier, caller);
  }
}
