import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type IdentifierAnswer, RECORDS_API } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
} from '@portal/server-kit';
import { attachmentIdParam, patientRequestIdParam } from '../../attachments/attachment-params';
import { RequestEnhancedReport } from './request-enhanced-report';

@ApiTags('records')
@Controller()
export class RequestEnhancedReportController {
  constructor(private readonly requestEnhancedReport: RequestEnhancedReport) {}

  /** GET /api/{patientRequestId}/enhancedReport/{attachmentId}: starts (or reuses) the patient-friendly report; answers its identifier. */
  @Roles('PATIENT')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(RECORDS_API.enhancedReport, 'patientRequestId', 'attachmentId'))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Param('patientRequestId', patientRequestIdParam) patientRequestId: string,
    @Param('attachmentId', attachmentIdParam) attachmentId: string,
    @RequestCaller() caller: Caller,
  ): Promise<IdentifierAnswer> {
    return this.requestEnhancedReport.execute(user.sub, patientRequestId, attachmentId, caller);
  }
}
