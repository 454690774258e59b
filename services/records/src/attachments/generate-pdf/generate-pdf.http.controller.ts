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
import { patientRequestIdParam, responseIdParam } from '../attachment-params';
import { GeneratePdf } from './generate-pdf';

@ApiTags('records')
@Controller()
export class GeneratePdfController {
  constructor(private readonly generatePdf: GeneratePdf) {}

  /** GET /api/{patientRequestId}/generatePdf/{responseId}: the record's PDF, as a download identifier. */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(RECORDS_API.generatePdf, 'patientRequestId', 'responseId'))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Param('patientRequestId', patientRequestIdParam) patientRequestId: string,
    @Param('responseId', responseIdParam) responseId: string,
    @RequestCaller() caller: Caller,
  ): Promise<IdentifierAnswer> {
    return this.generatePdf.execute(user.sub, patientRequestId, responseId, caller);
  }
}
