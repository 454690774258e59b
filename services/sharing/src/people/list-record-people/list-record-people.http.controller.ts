import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, recordQuerySchema, SHARING_API } from '@portal/contracts';
import { ActFor, CurrentUser, type CurrentUserClaims, Roles, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { sharedRecordNotFound } from '../../sharing.errors';
import { ListRecordPeople } from './list-record-people';

/** A patient request id that is not a uuid names no record of the caller's: 404 like any other. */
export const requestParam = new ParseUUIDPipe({ exceptionFactory: () => sharedRecordNotFound() });

@ApiTags('sharing')
@Controller()
export class ListRecordPeopleController {
  constructor(private readonly listRecordPeople: ListRecordPeople) {}

  /** GET /api/sharing/records/{patientRequestId}/people?studyUid=&documentId=: who sees this record. */
  @Roles('PATIENT')
  @ActFor('sharing', 'SHARE_RECORDS')
  @Get(apiRoute(SHARING_API.sharedWithPeople, 'patientRequestId'))
  seeing(
    @CurrentUser() user: CurrentUserClaims,
    @Param('patientRequestId', requestParam) id: string,
    @Query(validate(recordQuerySchema)) q: InferType<typeof recordQuerySchema>,
  ) {
    return this.listRecordPeople.execute(user.sub, id, q, true);
  }
}
