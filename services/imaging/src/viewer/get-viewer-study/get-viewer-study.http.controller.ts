import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type ImagingStudy, VIEWER_TOKEN_HEADER } from '@portal/contracts';
import { type Caller, Public, RequestCaller } from '@portal/server-kit';
import type { ReaderRequest } from '../../studies/study-access/study-access';
import { GetViewerStudy } from './get-viewer-study';

@ApiTags('imaging')
@Controller('imaging/viewer')
export class GetViewerStudyController {
  constructor(private readonly getViewerStudy: GetViewerStudy) {}

  /**
   * GET /api/imaging/viewer/studies/{uid}/organizations/{organizationId}. Public as a route: the public
   * page has no account, so the viewer token (or a bearer) is checked by the use case. The organization
   * id is the spec's path and is not used for access: the study uid and the token decide.
   */
  @Public()
  @Get('studies/:studyInstanceUid/organizations/:organizationId')
  @ApiOperation({ summary: 'The studies by study uid and organization id: the series list (records spec §7)' })
  @ApiHeader({ name: VIEWER_TOKEN_HEADER, required: false, description: 'a viewer token; a bearer token works too' })
  @ApiOkResponse({ description: 'ImagingStudy' })
  get(@Req() req: ReaderRequest, @Param('studyInstanceUid') study: string, @RequestCaller() caller: Caller): Promise<ImagingStudy> {
    return this.getViewerStudy.execute(req, study, caller);
  }
}
