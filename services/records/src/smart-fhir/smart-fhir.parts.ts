import { GeneratePatientRequestController } from './generate-patient-request/generate-patient-request.http.controller';
import { GeneratePatientRequest } from './generate-patient-request/generate-patient-request';
import { InitLoadGridController } from './init-load-grid/init-load-grid.http.controller';
import { InitLoadGrid } from './init-load-grid/init-load-grid';
import { LoadGridByIdentifierController } from './load-grid-by-identifier/load-grid-by-identifier.http.controller';
import { LoadGridByIdentifier } from './load-grid-by-identifier/load-grid-by-identifier';
import { SmartFhirQueries } from './smart-fhir-queries';
import { SmartFhirRepository } from './smart-fhir.repository';
import { SmartFhirSources } from './smart-fhir-sources';

/** Smart FHIR query (issue 28): the records context registers these. */
export const SMART_FHIR_CONTROLLERS = [
  InitLoadGridController,
  LoadGridByIdentifierController,
  GeneratePatientRequestController,
];

export const SMART_FHIR_PROVIDERS = [
  SmartFhirRepository,
  SmartFhirSources,
  SmartFhirQueries,
  InitLoadGrid,
  LoadGridByIdentifier,
  GeneratePatientRequest,
];
