import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type VideoReportAnswer, WHOLE_BODY_SCAN_API } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
} from '@portal/server-kit';
import { scanIdParam, videoReportIdParam } from '../whole-body-scan-params';
import { GetVideoReport } from './get-video-report';

@ApiTags('records')
@Controller()
export class GetVideoReportController {
  constructor(private readonly getVideoReport: GetVideoReport) {}

  /** GET /api/wholeBodyScan/{id}/videoReport/{videoReportId}. */
  @Roles('PATIENT')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(WHOLE_BODY_SCAN_API.videoReport, 'id', 'videoReportId'))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id', scanIdParam) id: string,
    @Param('videoReportId', videoReportIdParam) videoReportId: string,
    @RequestCaller() caller: Caller,
  ): Promise<VideoReportAnswer> {
    return this.getVideoReport.execute(user.sub, id, videoReportId, caller);
  }
}
