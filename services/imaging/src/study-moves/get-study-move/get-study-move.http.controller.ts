import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, IMAGING_API, type StudyMoveProgress } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, Roles } from '@portal/server-kit';
import { studyMoveNotFound } from '../../imaging.errors';
import { GetStudyMove } from './get-study-move';

/** An id that is no uuid names no move of the caller's: 404, like a missing one. */
const requestIdParam = new ParseUUIDPipe({ exceptionFactory: studyMoveNotFound });

@ApiTags('imaging')
@Controller()
export class GetStudyMoveController {
  constructor(private readonly getStudyMove: GetStudyMove) {}

  /** GET /api/imaging/studyMoves/{patientRequestId}. */
  @Roles('PATIENT', 'SMART_FHIR')
  @Get(apiRoute(IMAGING_API.studyMove, 'patientRequestId'))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Param('patientRequestId', requestIdParam) patientRequestId: string,
  ): Promise<StudyMoveProgress> {
    return this.getStudyMove.execute(user.sub, patientRequestId);
  }
}
