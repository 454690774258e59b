import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type VideoReport, WHOLE_BODY_SCAN_API } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
} from '@portal/server-kit';
import { scanIdParam } from '../whole-body-scan-params';
import { GetVideoReports } from './get-video-reports';

@ApiTags('records')
@Controller()
export class GetVideoReportsController {
  constructor(private readonly getVideoReports: GetVideoReports) {}

  /** GET /api/wholeBodyScan/{id}/videoReports. */
  @Roles('PATIENT')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(WHOLE_BODY_SCAN_API.videoReports, 'id'))
  list(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id', scanIdParam) id: string,
    @RequestCaller() caller: Caller,
  ): Promise<VideoReport[]> {
    return this.getVideoReports.execute(user.sub, id, caller);
  }
}
