import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type IdentifierAnswer, PROVIDER_API, providerRecordReportParams } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { GetReportIdentifier } from './get-report-identifier';

@ApiTags('provider')
@Controller()
export class GetReportIdentifierController {
  constructor(private readonly getReportIdentifier: GetReportIdentifier) {}

  /** GET /api/provider/records/{recordId}/reports/{documentId}: a download identifier for the report's frame. */
  @Roles('EXTERNAL_PROVIDER')
  @Get(apiRoute(PROVIDER_API.recordReport, 'recordId', 'documentId'))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Param(validate(providerRecordReportParams)) params: InferType<typeof providerRecordReportParams>,
    @RequestCaller() caller: Caller,
  ): Promise<IdentifierAnswer> {
    return this.getReportIdentifier.execute(user.sub, params, caller);
  }
}
