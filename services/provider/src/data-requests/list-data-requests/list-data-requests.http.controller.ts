import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type DataRequestPage, dataRequestsQuery, PROVIDER_API } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { ListDataRequests } from './list-data-requests';

@ApiTags('provider')
@Controller()
export class ListDataRequestsController {
  constructor(private readonly listDataRequests: ListDataRequests) {}

  /** GET /api/getPatientRequestsForExternalProvider?search=&page=&pageSize=. */
  @Roles('EXTERNAL_PROVIDER')
  @Get(apiRoute(PROVIDER_API.dataRequests))
  list(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(dataRequestsQuery)) q: InferType<typeof dataRequestsQuery>,
    @RequestCaller() caller: Caller,
  ): Promise<DataRequestPage> {
    return this.listDataRequests.execute(user.sub, q, caller);
  }
}
