import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { providerRecordParams, type ViewerAccess } from '@portal/contracts';
import { type Caller, CurrentUser, type CurrentUserClaims, RequestCaller, Roles, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { GetRecordViewerAccess } from './get-record-viewer-access';

@ApiTags('provider')
@Controller('provider/records')
export class GetRecordViewerAccessController {
  constructor(private readonly getViewerAccess: GetRecordViewerAccess) {}

  /** GET /api/provider/records/{recordId}/viewerToken: {jwt, study_available} for the delivered study. */
  @Roles('EXTERNAL_PROVIDER')
  @Get(':recordId/viewerToken')
  get(@CurrentUser() user: CurrentUserClaims, @Param(validate(providerRecordParams)) params: InferType<typeof providerRecordParams>, @RequestCaller() caller: Caller): Promise<ViewerAccess> {
    return this.getViewerAccess.execute(user.sub, params.recordId, caller);
  }
}
