import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { portalBaseQuery } from '@portal/api';

export interface ApprovedResponse {
  id: string | number;
  cfind_response: { modality?: string; study_description?: string; study_instance_uid?: string; study_date_time?: string; total_instances?: number };
}

export interface PatientRequest {
  id: string | number;
  organization?: { id: string | number; name: string };
  status?: { name: string };
  created?: string;
  document_request?: { document_request_type: { mnemonic: string; name: string } }[];
  approved_cfind_responses?: ApprovedResponse[];
}

export const recordsApi = createApi({
  reducerPath: 'recordsApi',
  baseQuery: portalBaseQuery('/api'),
  endpoints: (build) => ({
    getStudyData: build.query<PatientRequest[], void>({ query: () => ({ url: '/myRecords/studyData', retry: 2 }) }),
  }),
});

export const { useGetStudyDataQuery } = recordsApi;

export const store = configureStore({
  reducer: { [recordsApi.reducerPath]: recordsApi.reducer },
  middleware: (getDefault) => getDefault().concat(recordsApi.middleware),
});
