import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import type { Bundle } from '@medplum/fhirtypes';
import { apiRoute, FHIR_API } from '@portal/contracts';
import { type Caller, CurrentFhirCaller, type FhirCaller, RequestCaller } from '@portal/server-kit';
import { FHIR_JSON_UTF8 } from '../fhir-http';
import { answersFhir, documentsQuery, FhirApi } from '../fhir-route';
import type { SearchQuery } from '../search/search-params';
import { SearchResources } from './search-resources';

const PARAMETERS: Array<[string, string]> = [
  ['_id', 'Resource ids, comma-separated'],
  ['_lastUpdated', 'A FHIR date with a prefix (eq, gt, ge, lt, le); repeat for a range'],
  ['patient', 'The patient in the token context (Patient/{id} or {id})'],
  ['date', "The type's own date, with a prefix"],
  ['modality', 'ImagingStudy: a DICOM modality code'],
  ['status', 'Status codes, comma-separated'],
  ['_count', 'Resources per page (default 50, at most 200)'],
  ['_offset', 'How many matches to skip'],
];

@FhirApi()
@Controller()
export class SearchResourcesController {
  constructor(private readonly searchResources: SearchResources) {}

  /** GET /api/fhir/{type}: FHIR search (type level). */
  @Get(apiRoute(FHIR_API.search, 'type'))
  @Header('content-type', FHIR_JSON_UTF8)
  @answersFhir('A searchset Bundle')
  @documentsQuery(PARAMETERS)
  search(
    @CurrentFhirCaller() fhir: FhirCaller,
    @Param('type') type: string,
    @Query() query: SearchQuery,
    @RequestCaller() request: Caller,
  ): Promise<Bundle> {
    return this.searchResources.execute(fhir, type, query, request);
  }
}
