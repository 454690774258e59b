import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import type { CreateAccountRequest } from '@portal/contracts';
import { portalBaseQuery } from '@portal/api';

export interface TimezoneOption {
  value: string;
  label: string;
}

/** The auth context's calls made by this remote. */
export const authApi = createApi({
  reducerPath: 'authApi',
  baseQuery: portalBaseQuery('/api'),
  endpoints: (build) => ({
    getTimezones: build.query<TimezoneOption[], void>({ query: () => '/getTimezones' }),
    createAccount: build.mutation<unknown, CreateAccountRequest>({
      query: (body) => ({ url: '/auth/createAccount', method: 'POST', body }),
    }),
  }),
});

export const { useGetTimezonesQuery, useCreateAccountMutation } = authApi;

export const makeStore = () =>
  configureStore({
    reducer: { [authApi.reducerPath]: authApi.reducer },
    middleware: (getDefault) => getDefault().concat(authApi.middleware),
  });
