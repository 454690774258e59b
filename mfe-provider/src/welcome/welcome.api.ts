import { PROVIDER_API, type ProviderRecord } from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';
import type { RecordsTab } from './records-view';

export const welcomeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The records the caller's facilities delivered, by tab, filtered by patient or record name. */
    getProviderRecords: build.query<ProviderRecord[], { tab: RecordsTab; search: string }>({
      query: ({ tab, search }) => {
        const q = new URLSearchParams({ tab });
        if (search.trim()) q.set('search', search.trim());
        return { url: `${apiPath(PROVIDER_API.records)}?${q}`, retry: 2 };
      },
      providesTags: ['Records'],
    }),
    starRecord: build.mutation<unknown, { documentId: string; starred: boolean }>({
      query: (body) => ({ url: apiPath(PROVIDER_API.starRecord), method: 'POST', body }),
      invalidatesTags: ['Records'],
    }),
  }),
});

export const { useGetProviderRecordsQuery, useStarRecordMutation } = welcomeApi;
