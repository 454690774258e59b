import { applyDecorators, UseFilters, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { FhirGuard, Public } from '@portal/server-kit';
import { FHIR_JSON } from './fhir-http';
import { OperationOutcomeFilter } from './operation-outcome.filter';

/**
 * A route of the FHIR API: public to the portal's guard (it refuses SMART tokens by their audience),
 * its caller resolved by FhirGuard from a SMART token or the patient's own session, its failures
 * answered as OperationOutcome.
 */
export const FhirApi = () =>
  applyDecorators(ApiTags('fhir'), Public(), UseGuards(FhirGuard), UseFilters(OperationOutcomeFilter));

/** Documents an answer in FHIR JSON (a resource or a Bundle). */
export const answersFhir = (description: string) =>
  ApiOkResponse({ description, content: { [FHIR_JSON]: { schema: { type: 'object' } } } });

/** Documents a route's optional query parameters (FHIR's: the route reads them as one record). */
export const documentsQuery = (parameters: Array<[name: string, description: string]>) =>
  applyDecorators(
    ...parameters.map(([name, description]) =>
      ApiQuery({ name, required: false, type: String, description }),
    ),
  );
