import { AUTH_API, type LoginResponse } from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

export interface ResetPasswordRequest {
  token: string;
  newPassword?: string;
  forgotPassword?: boolean;
  /** The token is the user id of the NEW_PASSWORD_REQUIRED challenge: a fresh link is mailed instead. */
  tokenId?: boolean;
}

/** Password calls; the link-based ones work without a session, so a 401 must not redirect. */
export const passwordApi = api.injectEndpoints({
  endpoints: (build) => ({
    forgotPassword: build.mutation<{ message: string }, { username: string }>({ query: (body) => ({ url: apiPath(AUTH_API.forgotPassword), method: 'POST', body }) }),
    checkResetPasswordToken: build.query<{ valid: true; purpose: string }, string>({
      query: (token) => ({ url: `${apiPath(AUTH_API.checkResetPasswordToken)}?token=${encodeURIComponent(token)}`, skipAuthRedirect: true }),
      keepUnusedDataFor: 0,
    }),
    resetPassword: build.mutation<{ message: string }, ResetPasswordRequest>({
      query: (body) => ({ url: apiPath(AUTH_API.resetPassword), method: 'POST', body, skipAuthRedirect: true }),
    }),
    updatePassword: build.mutation<LoginResponse & { message: string }, { currentPassword: string; newPassword: string; confirmNewPassword: string }>({
      query: (body) => ({ url: apiPath(AUTH_API.updatePassword), method: 'PUT', body, skipAuthRedirect: true }),
    }),
  }),
});

export const { useForgotPasswordMutation, useLazyCheckResetPasswordTokenQuery, useResetPasswordMutation, useUpdatePasswordMutation } = passwordApi;
