import { REQUESTS_API, type CustodianDetails } from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

export const facilityApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One facility in full: its page (logo, contacts, what it holds, aliases). */
    getCustodianDetails: build.query<CustodianDetails, string>({
      query: (id) => `${apiPath(REQUESTS_API.getCustodiansDetails)}/${encodeURIComponent(id)}`,
    }),
  }),
});

export const { useGetCustodianDetailsQuery } = facilityApi;
