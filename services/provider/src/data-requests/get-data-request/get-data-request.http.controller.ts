import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type DataRequestDetail, PROVIDER_API } from '@portal/contracts';
import { type Caller, CurrentUser, type CurrentUserClaims, RequestCaller, Roles } from '@portal/server-kit';
import { dataRequestNotFound } from '../../provider.errors';
import { GetDataRequest } from './get-data-request';

/** An id that is no uuid is a request that does not exist (404), not a malformed call. */
export const dataRequestId = new ParseUUIDPipe({ exceptionFactory: () => dataRequestNotFound() });

@ApiTags('provider')
@Controller()
export class GetDataRequestController {
  constructor(private readonly getDataRequest: GetDataRequest) {}

  /** GET /api/provider/dataRequests/{id}. */
  @Roles('EXTERNAL_PROVIDER')
  @Get(apiRoute(PROVIDER_API.dataRequest, 'id'))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id', dataRequestId) id: string,
    @RequestCaller() caller: Caller,
  ): Promise<DataRequestDetail> {
    return this.getDataRequest.execute(user.sub, id, caller);
  }
}
