import {
  AUTH_API,
  SHARING_API,
  type CreateAccountRequest,
  type InvitationView,
  type LoginResponse,
} from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

export const signupApi = api.injectEndpoints({
  endpoints: (build) => ({
    createAccount: build.mutation<{ userId: string; message: string }, CreateAccountRequest>({
      query: (body) => ({ url: apiPath(AUTH_API.createAccount), method: 'POST', body }),
    }),
  }),
});

export const { useCreateAccountMutation } = signupApi;

export const invitationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** What a sharing invitation link says (public). */
    getInvitation: build.query<InvitationView, string>({
      query: (token) => ({ url: apiPath(SHARING_API.invitation(encodeURIComponent(token))) }),
    }),
    /** Sign-up with the invitation: an EXTERNAL_VIEWER account of the invited address, signed in at once. */
    registerInvited: build.mutation<LoginResponse, { email: string; password: string; invitation: string }>({
      query: (body) => ({ url: apiPath(AUTH_API.registerAccount), method: 'POST', body }),
    }),
  }),
});

export const { useGetInvitationQuery, useRegisterInvitedMutation } = invitationApi;
