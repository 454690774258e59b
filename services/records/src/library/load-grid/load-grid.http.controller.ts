import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type GridLoad, gridLoadQuery, RECORDS_API } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { LoadGrid } from './load-grid';

@ApiTags('records')
@Controller()
export class LoadGridController {
  constructor(private readonly loadGrid: LoadGrid) {}

  /** GET /api/v2/myRecords/loadGrid?includeShared=&onlyFavourites=&onlyShared=&personId=&sharedByUserId=. */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(RECORDS_API.loadGrid))
  load(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(gridLoadQuery)) q: InferType<typeof gridLoadQuery>,
    @RequestCaller() caller: Caller,
  ): Promise<GridLoad> {
    return this.loadGrid.execute(user, q, caller);
  }
}
