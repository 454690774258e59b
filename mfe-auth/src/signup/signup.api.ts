import { AUTH_API, type CreateAccountRequest } from '@portal/contracts';
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
