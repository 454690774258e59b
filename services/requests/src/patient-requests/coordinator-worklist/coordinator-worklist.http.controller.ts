import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, REQUESTS_API, type WorklistQuery, worklistQuerySchema } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import { CoordinatorWorklist } from './coordinator-worklist';

@ApiTags('requests')
@Controller()
export class CoordinatorWorklistController {
  constructor(private readonly worklist: CoordinatorWorklist) {}

  /** GET /api/requests/coordinatorWorklist?groupId=&page=&size=. */
  @Roles('MEDICAL_COORDINATOR', 'GROUP_ADMIN')
  @Get(apiRoute(REQUESTS_API.coordinatorWorklist))
  list(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(worklistQuerySchema)) q: WorklistQuery,
    @RequestCaller() caller: Caller,
  ) {
    return this.worklist.execute(user.sub, q, caller);
  }
}
