import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ViewerAccess } from '@portal/contracts';
import { type Caller, CurrentUser, type CurrentUserClaims, RequestCaller, Roles } from '@portal/server-kit';
import { GetViewerAccess } from './get-viewer-access';

@ApiTags('imaging')
@Controller('imaging')
export class GetViewerAccessController {
  constructor(private readonly getViewerAccess: GetViewerAccess) {}

  /** GET /api/imaging/studies/{studyInstanceUid}/viewerToken: {jwt, study_available}. */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @Get('studies/:studyInstanceUid/viewerToken')
  get(@CurrentUser() user: CurrentUserClaims, @Param('studyInstanceUid') study: string, @RequestCaller() caller: Caller): Promise<ViewerAccess> {
    return this.getViewerAccess.execute(user.sub, study, caller);
  }
}
