import { REQUESTS_API, type Custodian } from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

export const landingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Facilities whose name or city contains the text. */
    searchCustodians: build.query<Custodian[], string>({
      query: (filterStr) =>
        `${apiPath(REQUESTS_API.getCustodians)}?filterStr=${encodeURIComponent(filterStr)}`,
    }),
  }),
});

export const { useSearchCustodiansQuery } = landingApi;
