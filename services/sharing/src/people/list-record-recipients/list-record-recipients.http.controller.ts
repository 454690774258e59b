import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, recordQuerySchema, SHARING_API } from '@portal/contracts';
import { ActFor, CurrentUser, type CurrentUserClaims, Roles, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { ListRecordPeople } from '../list-record-people/list-record-people';
import { requestParam } from '../list-record-people/list-record-people.http.controller';

/** The share toggles of one record: the use case is ListRecordPeople's, with everyone listed. */
@ApiTags('sharing')
@Controller()
export class ListRecordRecipientsController {
  constructor(private readonly listRecordPeople: ListRecordPeople) {}

  /** GET /api/{patientRequestId}/recipients?studyUid=&documentId=: everyone, is_enabled for this record. */
  @Roles('PATIENT')
  @ActFor('sharing', 'SHARE_RECORDS')
  @Get(apiRoute(SHARING_API.recipients, 'patientRequestId'))
  recipients(
    @CurrentUser() user: CurrentUserClaims,
    @Param('patientRequestId', requestParam) id: string,
    @Query(validate(recordQuerySchema)) q: InferType<typeof recordQuerySchema>,
  ) {
    return this.listRecordPeople.execute(user.sub, id, q, false);
  }
}
