import { PROVIDER_API, type DataRequestPage, type DataRequestSort } from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

export interface DataRequestsArgs {
  search: string;
  page: number;
  pageSize: number;
  sort: DataRequestSort;
}

export const dataRequestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the requests to the caller's own facilities; a 504 is asked again twice, 2 s apart. */
    getDataRequests: build.query<DataRequestPage, DataRequestsArgs>({
      query: ({ search, page, pageSize, sort }) => {
        const q = new URLSearchParams({ page: String(page), pageSize: String(pageSize), sort });
        if (search.trim()) q.set('search', search.trim());
        return { url: `${apiPath(PROVIDER_API.dataRequests)}?${q}`, retry: 2 };
      },
      providesTags: ['DataRequests'],
    }),
  }),
});

export const { useGetDataRequestsQuery } = dataRequestsApi;
