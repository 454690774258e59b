import { Controller, Get, Param } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { apiRoute, IMAGING_API, type ImagingStudy, VIEWER_TOKEN_HEADER } from '@portal/contracts';
import { type Caller, Public, RequestCaller } from '@portal/server-kit';
import { Reader } from '../../studies/reader/reader.decorator';
import type { ImagingReader } from '../../studies/study-access/study-access';
import { GetViewerStudy } from './get-viewer-study';

@ApiTags('imaging')
@Public()
@Controller()
export class GetViewerStudyController {
  constructor(private readonly getViewerStudy: GetViewerStudy) {}

  /** GET /api/imaging/viewer/studies/{study}/organizations/{organizationId} (image-viewer-token or bearer): the series list. */
  @Get(apiRoute(IMAGING_API.viewerStudy, 'study', 'organizationId'))
  @ApiHeader({ name: VIEWER_TOKEN_HEADER, required: false })
  get(
    @Reader() reader: ImagingReader,
    @Param('study') study: string,
    @RequestCaller() caller: Caller,
  ): Promise<ImagingStudy> {
    return this.getViewerStudy.execute(reader, study, caller);
  }
}
