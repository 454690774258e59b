import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { ApiError, apiFetch } from './http';
import type { ApiRequest } from './http';

export interface PortalQueryArgs extends Omit<ApiRequest, 'signal'> {
  url: string;
}

export interface PortalQueryError {
  status: number;
  message: string;
  code?: string;
  errors?: Record<string, string>;
}

/** RTK Query base query for remotes' API slices, on top of apiFetch (same headers, 401, retry). */
export const portalBaseQuery =
  (baseUrl = '/api'): BaseQueryFn<string | PortalQueryArgs, unknown, PortalQueryError> =>
  async (args, { signal }) => {
    const { url, ...req } = typeof args === 'string' ? { url: args } : args;
    try {
      const data = await apiFetch(`${baseUrl}${url}`, { ...req, signal });
      return { data };
    } catch (e) {
      if (e instanceof ApiError) {
        return { error: { status: e.status, message: e.message, code: e.body?.code, errors: e.body?.errors } };
      }
      return { error: { status: 0, message: (e as Error).message } };
    }
  };
