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

export type PortalQueryResult<T> =
  { data: T; error?: undefined } | { data?: undefined; error: PortalQueryError };

/**
 * One call as the base query makes it (apiFetch: same headers, 401, retry), its failure in the error
 * vocabulary instead of a throw. Also what code outside RTK Query calls (object URLs, Cornerstone's
 * metadata), so that no remote sends a call of its own making.
 */
export const portalRequest = async <T = unknown>(
  url: string,
  req: ApiRequest = {},
): Promise<PortalQueryResult<T>> => {
  try {
    return { data: await apiFetch<T>(url, req) };
  } catch (e) {
    if (e instanceof ApiError) {
      return { error: { status: e.status, message: e.message, code: e.body?.code, errors: e.body?.errors } };
    }
    return { error: { status: 0, message: (e as Error).message } };
  }
};

/** RTK Query base query for remotes' API slices, on top of apiFetch (same headers, 401, retry). */
export const portalBaseQuery =
  (baseUrl = '/api'): BaseQueryFn<string | PortalQueryArgs, unknown, PortalQueryError> =>
  (args, { signal }) => {
    const { url, ...req } = typeof args === 'string' ? { url: args } : args;
    return portalRequest(`${baseUrl}${url}`, { ...req, signal });
  };
