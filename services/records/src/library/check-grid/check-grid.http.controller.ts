import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type GridCheck, gridCheckQuery, RECORDS_API } from '@portal/contracts';
import { ActFor, CurrentUser, type CurrentUserClaims, Roles, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { CheckGrid } from './check-grid';

@ApiTags('records')
@Controller()
export class CheckGridController {
  constructor(private readonly checkGrid: CheckGrid) {}

  /** GET /api/v2/myRecords/checkData?identifier=. */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(RECORDS_API.checkData))
  check(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(gridCheckQuery)) q: InferType<typeof gridCheckQuery>,
  ): Promise<GridCheck> {
    return this.checkGrid.execute(user.sub, q.identifier);
  }
}
