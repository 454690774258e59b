import {
  IMAGING_API,
  type PatientRequestDetails,
  REQUESTS_API,
  type StudyMoveProgress,
} from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

export const requestStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The requests context's GET patientRequest/{id} (owner only): status, due date and timeline. */
    getPatientRequest: build.query<PatientRequestDetails, string>({
      query: (id) => ({ url: apiPath(`${REQUESTS_API.patientRequest}/${id}`) }),
    }),
    /** Imaging's progress of a Smart FHIR request's study move (owner only). */
    getStudyMove: build.query<StudyMoveProgress, string>({
      query: (id) => ({ url: apiPath(IMAGING_API.studyMove(id)) }),
    }),
  }),
});

export const { useGetPatientRequestQuery, useGetStudyMoveQuery } = requestStatusApi;
