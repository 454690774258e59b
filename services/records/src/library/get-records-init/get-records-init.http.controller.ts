import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, RECORDS_API, type RecordsInit, recordsInitQuery } from '@portal/contracts';
import { ActFor, CurrentUser, type CurrentUserClaims, Roles, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { GetRecordsInit } from './get-records-init';

@ApiTags('records')
@Controller()
export class GetRecordsInitController {
  constructor(private readonly getRecordsInit: GetRecordsInit) {}

  /** GET /api/myRecords/init?personId=. */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(RECORDS_API.init))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(recordsInitQuery)) q: InferType<typeof recordsInitQuery>,
  ): Promise<RecordsInit> {
    return this.getRecordsInit.execute(user, q.personId);
  }
}
