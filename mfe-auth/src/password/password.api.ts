import type { InferType } from 'yup';
import {
  AUTH_API,
  type forgotPasswordSchema,
  type LoginResponse,
  type updatePasswordSchema,
} from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

/** The body of resetPassword (resetPasswordSchema of the contracts, whose flags default to false). */
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
    forgotPassword: build.mutation<{ message: string }, InferType<typeof forgotPasswordSchema>>({
      query: (body) => ({
        url: apiPath(AUTH_API.forgotPassword),
        method: 'POST',
        body,
        skipAuthRedirect: true,
      }),
    }),
    checkResetPasswordToken: build.query<{ valid: true; purpose: string }, string>({
      query: (token) => ({
        url: `${apiPath(AUTH_API.checkResetPasswordToken)}?token=${encodeURIComponent(token)}`,
        skipAuthRedirect: true,
      }),
      keepUnusedDataFor: 0,
    }),
    resetPassword: build.mutation<{ message: string }, ResetPasswordRequest>({
      query: (body) => ({
        url: apiPath(AUTH_API.resetPassword),
        method: 'POST',
        body,
        skipAuthRedirect: true,
      }),
    }),
    updatePassword: build.mutation<
      LoginResponse & { message: string },
      InferType<typeof updatePasswordSchema>
    >({
      query: (body) => ({
        url: apiPath(AUTH_API.updatePassword),
        method: 'PUT',
        body,
        skipAuthRedirect: true,
      }),
    }),
  }),
});

export const {
  useForgotPasswordMutation,
  useLazyCheckResetPasswordTokenQuery,
  useResetPasswordMutation,
  useUpdatePasswordMutation,
} = passwordApi;
