import { Controller, Get, Param } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { apiRoute, IMAGING_API, type StudyAnnotations, VIEWER_TOKEN_HEADER } from '@portal/contracts';
import { type Caller, Public, RequestCaller } from '@portal/server-kit';
import { Reader } from '../../studies/reader/reader.decorator';
import type { ImagingReader } from '../../studies/study-access/study-access';
import { GetStudyAnnotations } from './get-study-annotations';

@ApiTags('imaging')
@Public()
@Controller()
export class GetStudyAnnotationsController {
  constructor(private readonly getStudyAnnotations: GetStudyAnnotations) {}

  /** GET /api/imaging/studies/{studyInstanceUid}/annotations (image-viewer-token or bearer): StudyAnnotations. */
  @Get(apiRoute(IMAGING_API.annotations, 'studyInstanceUid'))
  @ApiHeader({ name: VIEWER_TOKEN_HEADER, required: false })
  get(
    @Reader() reader: ImagingReader,
    @Param('studyInstanceUid') study: string,
    @RequestCaller() caller: Caller,
  ): Promise<StudyAnnotations> {
    return this.getStudyAnnotations.execute(reader, study, caller);
  }
}
