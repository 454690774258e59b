import { AUTH_API } from './auth/api';
import { GROUPS_API, PENDING_APPROVAL_API } from './groups/api';
import { DICOMWEB_API, IMAGING_API } from './imaging/api';
import { PROVIDER_API } from './provider/api';
import { RECORDS_API } from './records/api';
import { REQUESTS_API } from './requests/api';
import { SHARING_API } from './sharing/api';
import { PROVIDER_WHOLE_BODY_SCAN_API, VIDEO_MEETING_API, WHOLE_BODY_SCAN_API } from './whole-body-scans/api';
import { SMART_FHIR_API } from './smart-fhir/api';
import { FHIR_ACCESS_API, FHIR_API, SMART_API } from './fhir/api';
import { BILLING_API } from './billing/api';

/** Every API path starts here; Nest's global prefix (server-kit's bootstrap) puts it before each controller's route. */
export const API_ROOT = '/api';

/** A path of a context's API object: a fixed path, or a function of the ids in it. */
export type ApiPath = string | ((...ids: never[]) => string);

/**
 * The route a controller declares for a path of the contracts, so that the path is written once: the
 * path under API_ROOT with `:name` in each id's place. A function is called with the names, one per
 * id; a fixed path that the spec appends ids to (`{getCustodiansDetails}/{id}`) gets them as segments.
 * `apiRoute(SHARING_API.removeAccess, 'id')` is 'removeAccess/:id'. The names are the controller's
 * @Param names (and the OpenAPI's), which need not be the contract function's.
 */
export const apiRoute = (path: ApiPath, ...names: string[]): string => {
  const params = names.map((name) => `:${name}`);
  if (typeof path === 'function' && path.length !== names.length)
    throw new Error(`apiRoute: ${path.length} ids, ${names.length} names (${names.join(', ')})`);
  const full =
    typeof path === 'string'
      ? [path, ...params].join('/')
      : (path as (...ids: string[]) => string)(...params);
  if (!full.startsWith(`${API_ROOT}/`)) throw new Error(`apiRoute: ${full} is not under ${API_ROOT}`);
  return full.slice(API_ROOT.length + 1);
};

/**
 * The API objects of each context: the paths it serves. The gateway's proxy table is made from them,
 * so a path in the contracts is routed to the context whose object holds it.
 */
export const CONTEXT_APIS = {
  auth: [AUTH_API, SMART_API],
  requests: [REQUESTS_API],
  records: [
    RECORDS_API,
    WHOLE_BODY_SCAN_API,
    PROVIDER_WHOLE_BODY_SCAN_API,
    VIDEO_MEETING_API,
    SMART_FHIR_API,
    FHIR_API,
    FHIR_ACCESS_API,
  ],
  sharing: [SHARING_API],
  imaging: [IMAGING_API, DICOMWEB_API],
  provider: [PROVIDER_API],
  groups: [GROUPS_API, PENDING_APPROVAL_API],
  billing: [BILLING_API],
} as const satisfies Record<string, ReadonlyArray<Record<string, ApiPath>>>;
