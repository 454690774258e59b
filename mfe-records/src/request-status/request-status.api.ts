import { type PatientRequestDetails, REQUESTS_API } from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

export const requestStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The requests context's GET patientRequest/{id} (owner only): status, due date and timeline. */
    getPatientRequest: build.query<PatientRequestDetails, string>({
      query: (id) => ({ url: apiPath(`${REQUESTS_API.patientRequest}/${id}`) }),
    }),
  }),
});

export const { useGetPatientRequestQuery } = requestStatusApi;
