import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { recordQuerySchema } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, Roles, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { sharedRecordNotFound } from '../../sharing.errors';
import { ListPeople } from './list-people';

/** A patient request id that is not a uuid names no record of the caller's: 404 like any other. */
const requestParam = new ParseUUIDPipe({ exceptionFactory: () => sharedRecordNotFound() });

@ApiTags('sharing')
@Controller()
export class ListPeopleController {
  constructor(private readonly people: ListPeople) {}

  /** GET /api/getSharedUsersList. */
  @Roles('PATIENT')
  @Get('getSharedUsersList')
  list(@CurrentUser() user: CurrentUserClaims) {
    return this.people.all(user.sub);
  }

  /** GET /api/sharing/records: the owner's shareable records. */
  @Roles('PATIENT')
  @Get('sharing/records')
  shareable(@CurrentUser() user: CurrentUserClaims) {
    return this.people.shareable(user.sub);
  }

  /** GET /api/{patientRequestId}/recipients?studyUid=&documentId=: everyone, is_enabled for this record. */
  @Roles('PATIENT')
  @Get(':patientRequestId/recipients')
  recipients(@CurrentUser() user: CurrentUserClaims, @Param('patientRequestId', requestParam) id: string, @Query(validate(recordQuerySchema)) q: InferType<typeof recordQuerySchema>) {
    return this.people.forRecord(user.sub, id, q, false);
  }

  /** GET /api/sharing/records/{patientRequestId}/people?studyUid=&documentId=: who sees this record. */
  @Roles('PATIENT')
  @Get('sharing/records/:patientRequestId/people')
  seeing(@CurrentUser() user: CurrentUserClaims, @Param('patientRequestId', requestParam) id: string, @Query(validate(recordQuerySchema)) q: InferType<typeof recordQuerySchema>) {
    return this.people.forRecord(user.sub, id, q, true);
  }
}
