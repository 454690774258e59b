import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, IMAGING_API, type ViewerAccess } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
} from '@portal/server-kit';
import { GetViewerAccess } from './get-viewer-access';

@ApiTags('imaging')
@Controller()
export class GetViewerAccessController {
  constructor(private readonly getViewerAccess: GetViewerAccess) {}

  /** GET /api/imaging/studies/{studyInstanceUid}/viewerToken: {jwt, study_available}. */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @ActFor('imaging', 'VIEW_RECORDS')
  @Get(apiRoute(IMAGING_API.viewerToken, 'studyInstanceUid'))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Param('studyInstanceUid') study: string,
    @RequestCaller() caller: Caller,
  ): Promise<ViewerAccess> {
    return this.getViewerAccess.execute(user.sub, study, caller);
  }
}
