import type { InferType } from 'yup';
import {
  AUTH_API,
  type LoginAnswer,
  type LoginResponse,
  type LoginRequest,
  type phoneLoginSchema,
} from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

/** Sign-in calls. A wrong password answers 401: these must not send the browser to the unauthorized page. */
export const loginApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginAnswer, LoginRequest>({
      query: (body) => ({ url: apiPath(AUTH_API.login), method: 'POST', body, skipAuthRedirect: true }),
    }),
    phoneLogin: build.mutation<{ message: string }, InferType<typeof phoneLoginSchema>>({
      query: (body) => ({ url: apiPath(AUTH_API.phoneLogin), method: 'POST', body, skipAuthRedirect: true }),
    }),
    /** GET, but a one-time exchange of the mailed token for a session: a mutation, never cached or repeated. */
    loginWithLink: build.mutation<LoginResponse, string>({
      query: (token) => ({
        url: `${apiPath(AUTH_API.loginAsUserToken)}/${encodeURIComponent(token)}`,
        method: 'GET',
        skipAuthRedirect: true,
      }),
    }),
    switchRole: build.mutation<Omit<LoginResponse, 'refresh_token'>, string>({
      query: (role) => ({ url: apiPath(AUTH_API.switchRole), method: 'POST', body: { role } }),
    }),
  }),
});

export const { useLoginMutation, usePhoneLoginMutation, useLoginWithLinkMutation, useSwitchRoleMutation } =
  loginApi;
