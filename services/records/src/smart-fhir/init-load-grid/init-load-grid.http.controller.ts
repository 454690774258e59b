import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, initLoadGridSchema, SMART_FHIR_API, type SmartFhirInit } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import { InitLoadGrid } from './init-load-grid';

@ApiTags('records')
@Controller()
export class InitLoadGridController {
  constructor(private readonly initLoadGrid: InitLoadGrid) {}

  /** GET /api/smartFhir/initLoadGrid[?reload=true]. */
  @Roles('PATIENT', 'SMART_FHIR')
  @Get(apiRoute(SMART_FHIR_API.initLoadGrid))
  init(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(initLoadGridSchema)) query: { reload: boolean },
    @RequestCaller() caller: Caller,
  ): Promise<SmartFhirInit> {
    return this.initLoadGrid.execute(user.sub, query.reload, caller);
  }
}
