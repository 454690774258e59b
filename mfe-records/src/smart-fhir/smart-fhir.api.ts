import {
  SMART_FHIR_API,
  type GeneratedPatientRequest,
  type SmartFhirInit,
  type SmartFhirQueryAnswer,
} from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

/**
 * The Smart FHIR query's calls (records spec §7). initLoadGrid and loadGridByIdentifier are GETs made
 * as mutations: each answer is read once by useSmartFhirQuery, which runs its own polling (an attempt
 * count per identifier, Stop), so nothing is cached or polled by RTK Query itself.
 */
export const smartFhirApi = api.injectEndpoints({
  endpoints: (build) => ({
    initLoadGrid: build.mutation<SmartFhirInit, { reload: boolean }>({
      query: ({ reload }) => ({
        url: `${apiPath(SMART_FHIR_API.initLoadGrid)}${reload ? '?reload=true' : ''}`,
        method: 'GET',
      }),
    }),
    loadGridByIdentifier: build.mutation<SmartFhirQueryAnswer, string>({
      query: (identifier) => ({
        url: `${apiPath(SMART_FHIR_API.loadGridByIdentifier)}?identifier=${encodeURIComponent(identifier)}`,
        method: 'GET',
      }),
    }),
    generatePatientRequestFromCfindResponse: build.mutation<GeneratedPatientRequest, string>({
      query: (cfindResponseId) => ({
        url: apiPath(SMART_FHIR_API.generatePatientRequestFromCfindResponse),
        method: 'POST',
        body: { cfindResponseId },
      }),
    }),
  }),
});

export const {
  useInitLoadGridMutation,
  useLoadGridByIdentifierMutation,
  useGeneratePatientRequestFromCfindResponseMutation,
} = smartFhirApi;
