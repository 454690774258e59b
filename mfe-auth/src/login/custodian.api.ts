import { REQUESTS_API, type CustodianDetails } from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

/** The one call mfe-auth makes to the requests context: the facility a /{custodianId}/login page is branded for. */
export const custodianApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCustodianDetails: build.query<CustodianDetails, string>({
      query: (id) => `${apiPath(REQUESTS_API.getCustodiansDetails)}/${encodeURIComponent(id)}`,
    }),
  }),
});

export const { useGetCustodianDetailsQuery } = custodianApi;
