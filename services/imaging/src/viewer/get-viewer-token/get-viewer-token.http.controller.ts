import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ViewerAccess } from '@portal/contracts';
import { type Caller, CurrentUser, type CurrentUserClaims, RequestCaller, Roles } from '@portal/server-kit';
import { GetViewerToken } from './get-viewer-token';

@ApiTags('imaging')
@Controller('imaging')
export class GetViewerTokenController {
  constructor(private readonly getViewerToken: GetViewerToken) {}

  /** GET /api/imaging/studies/{studyInstanceUid}/viewerToken: ViewerAccess. */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @Get('studies/:studyInstanceUid/viewerToken')
  @ApiOperation({ summary: 'The viewer access token for a study: jwt and study_available (records spec §7)' })
  @ApiOkResponse({ description: '{ jwt, study_available }; jwt null when the study is not available to the caller' })
  get(@CurrentUser() user: CurrentUserClaims, @Param('studyInstanceUid') study: string, @RequestCaller() caller: Caller): Promise<ViewerAccess> {
    return this.getViewerToken.execute(user.sub, study, caller);
  }
}
