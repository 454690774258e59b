import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, REQUESTS_API } from '@portal/contracts';
import { ActFor, CurrentUser, type CurrentUserClaims, Roles } from '@portal/server-kit';
import { ListPatientRequests } from './list-patient-requests';

@ApiTags('requests')
@Controller()
export class ListPatientRequestsController {
  constructor(private readonly listPatientRequests: ListPatientRequests) {}

  /** GET /api/requestRecord/loadGrid. */
  @Roles('PATIENT')
  @ActFor('requests', 'VIEW_RECORDS')
  @Get(apiRoute(REQUESTS_API.loadGrid))
  list(@CurrentUser() user: CurrentUserClaims) {
    return this.listPatientRequests.execute(user.sub);
  }
}
