import { RECORDS_API, type PatientRequest } from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

export const myRecordsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The caller's requests with their approved study responses; a 504 is asked again twice, 2 s apart. */
    getStudyData: build.query<PatientRequest[], void>({
      query: () => ({ url: apiPath(RECORDS_API.studyData), retry: 2 }),
    }),
  }),
});

export const { useGetStudyDataQuery } = myRecordsApi;
