import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, WHOLE_BODY_SCAN_API, type WholeBodyScan } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
} from '@portal/server-kit';
import { scanIdParam } from '../whole-body-scan-params';
import { GetScan } from './get-scan';

@ApiTags('records')
@Controller()
export class GetScanController {
  constructor(private readonly getScan: GetScan) {}

  /** GET /api/wholeBodyScan/{id}. */
  @Roles('PATIENT')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(WHOLE_BODY_SCAN_API.scan, 'id'))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id', scanIdParam) id: string,
    @RequestCaller() caller: Caller,
  ): Promise<WholeBodyScan> {
    return this.getScan.execute(user.sub, id, caller);
  }
}
