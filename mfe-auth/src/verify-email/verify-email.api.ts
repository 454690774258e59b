import { AUTH_API, type VerifyEmailAnswer } from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

export const verifyEmailApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The link mailed at sign-up proves the address (public: the link is the proof). */
    verifyEmail: build.mutation<VerifyEmailAnswer, string>({
      query: (token) => ({
        url: apiPath(AUTH_API.verifyEmail),
        method: 'POST',
        body: { token },
        skipAuthRedirect: true,
      }),
    }),
  }),
});

export const { useVerifyEmailMutation } = verifyEmailApi;
