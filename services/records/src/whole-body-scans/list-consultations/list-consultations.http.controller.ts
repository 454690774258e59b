import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type ConsultationInboxPage, PROVIDER_WHOLE_BODY_SCAN_API } from '@portal/contracts';
import { type Caller, CurrentUser, type CurrentUserClaims, RequestCaller, Roles } from '@portal/server-kit';
import { ListConsultations } from './list-consultations';

@ApiTags('records')
@Controller()
export class ListConsultationsController {
  constructor(private readonly listConsultations: ListConsultations) {}

  /** GET /api/wholeBodyScanFacility/consultations. */
  @Roles('EXTERNAL_PROVIDER')
  @Get(apiRoute(PROVIDER_WHOLE_BODY_SCAN_API.consultations))
  list(
    @CurrentUser() user: CurrentUserClaims,
    @RequestCaller() caller: Caller,
  ): Promise<ConsultationInboxPage> {
    return this.listConsultations.execute(user.sub, caller);
  }
}
