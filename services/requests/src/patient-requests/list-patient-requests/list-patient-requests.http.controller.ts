import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type CurrentUserClaims, Roles } from '@portal/server-kit';
import { ListPatientRequests } from './list-patient-requests';

@ApiTags('requests')
@Controller('requestRecord')
export class ListPatientRequestsController {
  constructor(private readonly listPatientRequests: ListPatientRequests) {}

  /** GET /api/requestRecord/loadGrid. */
  @Roles('PATIENT')
  @Get('loadGrid')
  list(@CurrentUser() user: CurrentUserClaims) {
    return this.listPatientRequests.execute(user.sub);
  }
}
