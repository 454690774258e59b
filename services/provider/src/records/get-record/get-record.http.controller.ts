import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, PROVIDER_API, type ProviderRecordDetail, providerRecordParams } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { GetRecord } from './get-record';

@ApiTags('provider')
@Controller()
export class GetRecordController {
  constructor(private readonly getRecord: GetRecord) {}

  /** GET /api/provider/records/{recordId}: a delivered record of the caller's facilities, with its study and reports. */
  @Roles('EXTERNAL_PROVIDER')
  @Get(apiRoute(PROVIDER_API.record, 'recordId'))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Param(validate(providerRecordParams)) params: InferType<typeof providerRecordParams>,
    @RequestCaller() caller: Caller,
  ): Promise<ProviderRecordDetail> {
    return this.getRecord.execute(user.sub, params.recordId, caller);
  }
}
