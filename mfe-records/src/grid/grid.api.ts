import {
  GRID_CHUNK_SIZE,
  RECORDS_API,
  type GridCheck,
  type GridChunk,
  type GridLoad,
  type GridLoadQuery,
} from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

/** The query string of loadGrid: only the flags that are set and the ids that are given. */
export const gridQueryString = (q: GridLoadQuery): string => {
  const params = new URLSearchParams();
  for (const key of ['includeShared', 'onlyFavourites', 'onlyShared'] as const)
    if (q[key]) params.set(key, 'true');
  for (const key of ['personId', 'sharedByUserId', 'sharedWith'] as const)
    if (q[key]) params.set(key, q[key] as string);
  const s = params.toString();
  return s ? `?${s}` : '';
};

/**
 * The grid protocol (records spec §4): loadGrid starts a snapshot, checkData tells when it is built,
 * fetchData reads it in chunks. loadGrid and fetchData are mutations: each answer is used once by
 * useLibraryGrid and never cached. checkData is a query so that RTK Query's polling asks it again;
 * its answers are about one snapshot and kept no longer than it is watched.
 */
export const gridApi = api.injectEndpoints({
  endpoints: (build) => ({
    loadGrid: build.mutation<GridLoad, GridLoadQuery>({
      query: (q) => ({ url: `${apiPath(RECORDS_API.loadGrid)}${gridQueryString(q)}`, method: 'GET' }),
    }),
    checkData: build.query<GridCheck, string>({
      query: (identifier) => ({
        url: `${apiPath(RECORDS_API.checkData)}?identifier=${encodeURIComponent(identifier)}`,
      }),
      keepUnusedDataFor: 0,
    }),
    fetchData: build.mutation<GridChunk, { identifier: string; chunkOffset: number; chunkSize?: number }>({
      query: ({ identifier, chunkOffset, chunkSize = GRID_CHUNK_SIZE }) => ({
        url: `${apiPath(RECORDS_API.fetchData)}?identifier=${encodeURIComponent(identifier)}&chunkSize=${chunkSize}&chunkOffset=${chunkOffset}`,
        method: 'GET',
      }),
    }),
  }),
});

export const { useLoadGridMutation, useCheckDataQuery, useFetchDataMutation } = gridApi;
