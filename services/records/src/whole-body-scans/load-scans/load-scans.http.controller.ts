import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, WHOLE_BODY_SCAN_API, type WholeBodyScanListItem } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
} from '@portal/server-kit';
import { LoadScans } from './load-scans';

@ApiTags('records')
@Controller()
export class LoadScansController {
  constructor(private readonly loadScans: LoadScans) {}

  /** GET /api/wholeBodyScan/loadGrid. */
  @Roles('PATIENT')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(WHOLE_BODY_SCAN_API.loadGrid))
  load(
    @CurrentUser() user: CurrentUserClaims,
    @RequestCaller() caller: Caller,
  ): Promise<WholeBodyScanListItem[]> {
    return this.loadScans.execute(user.sub, caller);
  }
}
