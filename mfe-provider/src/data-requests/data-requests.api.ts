import { PROVIDER_API, type DataRequest } from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

export const dataRequestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Requests to the caller's own facilities; a 504 is asked again twice, 2 s apart. */
    getDataRequests: build.query<DataRequest[], void>({
      query: () => ({ url: apiPath(PROVIDER_API.dataRequests), retry: 2 }),
    }),
  }),
});

export const { useGetDataRequestsQuery } = dataRequestsApi;
