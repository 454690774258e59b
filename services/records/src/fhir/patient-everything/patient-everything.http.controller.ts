import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import type { Bundle } from '@medplum/fhirtypes';
import { apiRoute, FHIR_API } from '@portal/contracts';
import { type Caller, CurrentFhirCaller, type FhirCaller, RequestCaller } from '@portal/server-kit';
import { FHIR_JSON_UTF8 } from '../fhir-http';
import { answersFhir, documentsQuery, FhirApi } from '../fhir-route';
import type { SearchQuery } from '../search/search-params';
import { PatientEverything } from './patient-everything';

@FhirApi()
@Controller()
export class PatientEverythingController {
  constructor(private readonly patientEverything: PatientEverything) {}

  /** GET /api/fhir/Patient/{id}/$everything. */
  @Get(apiRoute(FHIR_API.everything, 'id'))
  @Header('content-type', FHIR_JSON_UTF8)
  @answersFhir('A searchset Bundle of the whole record')
  @documentsQuery([
    ['_type', 'Resource types, comma-separated'],
    ['_since', 'Only what changed after this instant'],
    ['_count', 'Resources per page (default 500, at most 1000)'],
    ['_offset', 'How many resources to skip'],
  ])
  everything(
    @CurrentFhirCaller() fhir: FhirCaller,
    @Param('id') id: string,
    @Query() query: SearchQuery,
    @RequestCaller() request: Caller,
  ): Promise<Bundle> {
    return this.patientEverything.execute(fhir, id, query, request);
  }
}
