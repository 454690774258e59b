import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, PROVIDER_API, providerRecordParams, type ViewerAccess } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { GetRecordViewerAccess } from './get-record-viewer-access';

@ApiTags('provider')
@Controller()
export class GetRecordViewerAccessController {
  constructor(private readonly getViewerAccess: GetRecordViewerAccess) {}

  /** GET /api/provider/records/{recordId}/viewerToken: {jwt, study_available} for the delivered study. */
  @Roles('EXTERNAL_PROVIDER')
  @Get(apiRoute(PROVIDER_API.recordViewerToken, 'recordId'))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Param(validate(providerRecordParams)) params: InferType<typeof providerRecordParams>,
    @RequestCaller() caller: Caller,
  ): Promise<ViewerAccess> {
    return this.getViewerAccess.execute(user.sub, params.recordId, caller);
  }
}
