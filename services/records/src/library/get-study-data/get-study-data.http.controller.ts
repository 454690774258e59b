import { Controller, Get, Query } from '@nestjs/common';
import { apiRoute, RECORDS_API, studyDataQuery } from '@portal/contracts';
import type { InferType } from 'yup';
import { ApiTags } from '@nestjs/swagger';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import { GetStudyData } from './get-study-data';

@ApiTags('records')
@Controller()
export class GetStudyDataController {
  constructor(private readonly getStudyData: GetStudyData) {}

  /** GET /api/myRecords/studyData (also the shell's test for the Sharing menu). */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(RECORDS_API.studyData))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @RequestCaller() caller: Caller,
    @Query(validate(studyDataQuery)) query: InferType<typeof studyDataQuery>,
  ) {
    return this.getStudyData.execute(user.sub, caller, query.limit ?? null);
  }
}
