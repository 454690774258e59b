import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import type { Middleware, Reducer } from '@reduxjs/toolkit';
import { MESSAGES } from '@portal/contracts';
import { portalBaseQuery, type PortalQueryError } from './base-query';

/**
 * The one RTK Query API of a remote: the portal's base query and no endpoints yet; each feature adds
 * its own with `api.injectEndpoints(...)` beside its screens.
 */
export const createRemoteApi = <Tag extends string = never>(
  reducerPath: string,
  tagTypes: readonly Tag[] = [],
) => createApi({ reducerPath, baseQuery: portalBaseQuery('/api'), tagTypes, endpoints: () => ({}) });

/** What a store needs of an API slice, whatever its endpoints. */
export interface RemoteApiSlice {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
}

/** The store of a remote: its one API slice and its middleware (mounted by mountRemote, or by a spec). */
export const createRemoteStore = (api: RemoteApiSlice) =>
  configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });

/** A path of a contracts *_API table as the base query takes it: the base query adds the /api prefix. */
export const apiPath = (path: string): string => path.replace(/^\/api(?=\/)/, '');

const isQueryError = (e: unknown): e is PortalQueryError =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as PortalQueryError).status === 'number' &&
  typeof (e as PortalQueryError).message === 'string';

/** The failure of an unwrapped call in one shape: the server's message and field messages, else the spec's fallback. */
export const queryError = (e: unknown): PortalQueryError =>
  isQueryError(e)
    ? e
    : { status: 0, message: (e as { message?: string } | null)?.message || MESSAGES.somethingWentWrong };
