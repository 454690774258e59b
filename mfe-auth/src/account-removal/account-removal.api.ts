import { AUTH_API } from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

export const accountRemovalApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestAccountRemoval: build.mutation<{ message: string }, string>({
      query: (currentPassword) => ({
        url: apiPath(AUTH_API.accountRemovalRequest),
        method: 'POST',
        body: { currentPassword },
      }),
    }),
    confirmAccountRemoval: build.mutation<{ message: string }, string>({
      query: (token) => ({ url: apiPath(AUTH_API.confirmAccountRemoval), method: 'POST', body: { token } }),
    }),
  }),
});

export const { useRequestAccountRemovalMutation, useConfirmAccountRemovalMutation } = accountRemovalApi;
