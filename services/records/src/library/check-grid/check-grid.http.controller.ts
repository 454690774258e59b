import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type GridCheck, gridCheckQuery } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, Roles, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { CheckGrid } from './check-grid';

@ApiTags('records')
@Controller('v2/myRecords')
export class CheckGridController {
  constructor(private readonly checkGrid: CheckGrid) {}

  /** GET /api/v2/myRecords/checkData?identifier=. */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @Get('checkData')
  check(@CurrentUser() user: CurrentUserClaims, @Query(validate(gridCheckQuery)) q: InferType<typeof gridCheckQuery>): Promise<GridCheck> {
    return this.checkGrid.execute(user.sub, q.identifier);
  }
}
