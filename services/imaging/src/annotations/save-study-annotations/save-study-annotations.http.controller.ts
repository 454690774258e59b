import { Body, Controller, Param, Put } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import {
  annotationListTooLong,
  ANNOTATIONS_BODY_LIMIT,
  apiRoute,
  IMAGING_API,
  type SaveStudyAnnotationsInput,
  saveStudyAnnotationsSchema,
  type StudyAnnotations,
  VIEWER_TOKEN_HEADER,
} from '@portal/contracts';
import { type Caller, Consumes, Public, RequestCaller, validate } from '@portal/server-kit';
import { tooManyAnnotations } from '../../imaging.errors';
import { Reader } from '../../studies/reader/reader.decorator';
import type { ImagingReader } from '../../studies/study-access/study-access';
import { SaveStudyAnnotations } from './save-study-annotations';

/** The lists' lengths are checked before the schema reads a single item of them. */
const annotationsBody = validate(saveStudyAnnotationsSchema, {
  read: (value) => {
    const tooLong = annotationListTooLong(value);
    if (tooLong) throw tooManyAnnotations(tooLong.field, tooLong.message);
    return value;
  },
});

@ApiTags('imaging')
@Public()
@Controller()
export class SaveStudyAnnotationsController {
  constructor(private readonly saveStudyAnnotations: SaveStudyAnnotations) {}

  /** PUT /api/imaging/studies/{studyInstanceUid}/annotations (the owner's bearer; a viewer token may come too): StudyAnnotations. */
  @Put(apiRoute(IMAGING_API.annotations, 'studyInstanceUid'))
  @Consumes('application/json', ANNOTATIONS_BODY_LIMIT)
  @ApiHeader({ name: VIEWER_TOKEN_HEADER, required: false })
  put(
    @Reader() reader: ImagingReader,
    @Param('studyInstanceUid') study: string,
    @Body(annotationsBody) body: SaveStudyAnnotationsInput,
    @RequestCaller() caller: Caller,
  ): Promise<StudyAnnotations> {
    return this.saveStudyAnnotations.execute(reader, study, body, caller);
  }
}
