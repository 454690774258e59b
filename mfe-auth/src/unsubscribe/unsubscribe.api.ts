import { AUTH_API } from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

export const unsubscribeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** {email: the unsubscribe id of the mail, recaptchaToken: the solved bot check}: answers 'OK'. */
    unsubscribe: build.mutation<unknown, { email: string; recaptchaToken: string }>({
      query: (body) => ({ url: apiPath(AUTH_API.unsubscribe), method: 'POST', body, skipAuthRedirect: true }),
    }),
  }),
});

export const { useUnsubscribeMutation } = unsubscribeApi;
