import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, PROVIDER_WHOLE_BODY_SCAN_API } from '@portal/contracts';
import {
  type Caller,
  Consumes,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
} from '@portal/server-kit';
import { FHIR_JSON } from './fhir-json-parser';
import { ImportFhirReport } from './import-fhir-report';

/** A report with its PDFs inline (base64): larger than a form's JSON. */
export const FHIR_BODY_LIMIT = 30 * 1024 * 1024;

@ApiTags('records')
@Controller()
export class ImportFhirReportController {
  constructor(private readonly importFhirReport: ImportFhirReport) {}

  /** POST /api/wholeBodyScanFacility/import: a FHIR R4 DiagnosticReport; 201 {id}. */
  @Roles('EXTERNAL_PROVIDER')
  @Consumes(['application/json', FHIR_JSON], FHIR_BODY_LIMIT)
  @Post(apiRoute(PROVIDER_WHOLE_BODY_SCAN_API.importFhir))
  import(
    @CurrentUser() user: CurrentUserClaims,
    @Body() body: unknown,
    @RequestCaller() caller: Caller,
  ): Promise<{ id: string }> {
    return this.importFhirReport.execute(user.sub, body, caller);
  }
}
