import {
  RECORDS_API,
  REQUESTS_API,
  SHARING_API,
  type SharedStarInput,
  type StarAnswer,
  type StarInput,
} from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

/** The My Records page's calls besides the grid: stars and the Email facility request. */
export const myRecordsApi = api.injectEndpoints({
  endpoints: (build) => ({
    starResponse: build.mutation<StarAnswer, StarInput>({
      query: (body) => ({ url: apiPath(RECORDS_API.starResponse), method: 'POST', body }),
    }),
    unstarResponse: build.mutation<StarAnswer, StarInput>({
      query: (body) => ({ url: apiPath(RECORDS_API.unstarResponse), method: 'POST', body }),
    }),
    sharedStarResponse: build.mutation<StarAnswer, SharedStarInput>({
      query: (body) => ({ url: apiPath(RECORDS_API.sharedStarResponse), method: 'POST', body }),
    }),
    /** The person shared with leaves the share of the owner (a shared row's sharedByUserId): served by sharing. */
    leaveShare: build.mutation<'OK', string>({
      query: (ownerUserId) => ({ url: apiPath(SHARING_API.leaveShare(ownerUserId)), method: 'DELETE' }),
    }),
    sendEmailToExternalProviders: build.mutation<
      unknown,
      { patientRequestId: string; externalProviderEmails: string[] }
    >({
      query: (body) => ({ url: apiPath(REQUESTS_API.sendEmailToExternalProviders), method: 'POST', body }),
    }),
  }),
});

export const {
  useStarResponseMutation,
  useUnstarResponseMutation,
  useSharedStarResponseMutation,
  useSendEmailToExternalProvidersMutation,
  useLeaveShareMutation,
} = myRecordsApi;
