import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type EnhancedReportAnswer, RECORDS_API } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
} from '@portal/server-kit';
import { enhancedReportNotFound } from '../enhanced-report.errors';
import { GetEnhancedReport } from './get-enhanced-report';

const identifierParam = new ParseUUIDPipe({ exceptionFactory: () => enhancedReportNotFound() });

@ApiTags('records')
@Controller()
export class GetEnhancedReportController {
  constructor(private readonly getEnhancedReport: GetEnhancedReport) {}

  /** GET /api/enhancedReport/{identifier}: polled every 2 s (isReady, data). */
  @Roles('PATIENT')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(RECORDS_API.enhancedReportStatus, 'identifier'))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Param('identifier', identifierParam) identifier: string,
    @RequestCaller() caller: Caller,
  ): Promise<EnhancedReportAnswer> {
    return this.getEnhancedReport.execute(user.sub, identifier, caller);
  }
}
