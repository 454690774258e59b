import { Controller, Get, Header, Param } from '@nestjs/common';
import type { Resource } from '@medplum/fhirtypes';
import { apiRoute, FHIR_API } from '@portal/contracts';
import { type Caller, CurrentFhirCaller, type FhirCaller, RequestCaller } from '@portal/server-kit';
import { FHIR_JSON_UTF8 } from '../fhir-http';
import { answersFhir, FhirApi } from '../fhir-route';
import { ReadResource } from './read-resource';

@FhirApi()
@Controller()
export class ReadResourceController {
  constructor(private readonly readResource: ReadResource) {}

  /** GET /api/fhir/{type}/{id}: FHIR read. */
  @Get(apiRoute(FHIR_API.read, 'type', 'id'))
  @Header('content-type', FHIR_JSON_UTF8)
  @answersFhir('The resource')
  read(
    @CurrentFhirCaller() fhir: FhirCaller,
    @Param('type') type: string,
    @Param('id') id: string,
    @RequestCaller() request: Caller,
  ): Promise<Resource> {
    return this.readResource.execute(fhir, type, id, request);
  }
}
