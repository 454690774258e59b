import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { type ImagingStudy, VIEWER_TOKEN_HEADER } from '@portal/contracts';
import { type Caller, Public, RequestCaller } from '@portal/server-kit';
import type { ReaderRequest } from '../../studies/study-access/study-access';
import { GetViewerStudy } from './get-viewer-study';

@ApiTags('imaging')
@Public()
@Controller('imaging/viewer')
export class GetViewerStudyController {
  constructor(private readonly getViewerStudy: GetViewerStudy) {}

  /** GET /api/imaging/viewer/studies/{study}/organizations/{organizationId} (image-viewer-token or bearer): the series list. */
  @Get('studies/:study/organizations/:organizationId')
  @ApiHeader({ name: VIEWER_TOKEN_HEADER, required: false })
  get(@Req() req: ReaderRequest, @Param('study') study: string, @RequestCaller() caller: Caller): Promise<ImagingStudy> {
    return this.getViewerStudy.execute(req, study, caller);
  }
}
