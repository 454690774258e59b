import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { CapabilityStatement } from '@medplum/fhirtypes';
import { apiRoute, FHIR_API } from '@portal/contracts';
import { Public } from '@portal/server-kit';
import { FHIR_JSON_UTF8 } from '../fhir-http';
import { answersFhir } from '../fhir-route';
import { GetCapabilityStatement } from './capability-statement';

@ApiTags('fhir')
@Public()
@Controller()
export class CapabilityStatementController {
  constructor(private readonly getCapabilityStatement: GetCapabilityStatement) {}

  /** GET /api/fhir/metadata: public, as apps read it before they have a token. */
  @Get(apiRoute(FHIR_API.metadata))
  @Header('content-type', FHIR_JSON_UTF8)
  @Header('cache-control', 'public, max-age=3600')
  @answersFhir('The CapabilityStatement')
  metadata(): CapabilityStatement {
    return this.getCapabilityStatement.execute();
  }
}
