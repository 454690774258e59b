import { GROUPS_API, type Group } from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

export const groupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The groups the caller belongs to; a 504 is asked again twice, 2 s apart. */
    loadGroups: build.query<Group[], void>({
      query: () => ({ url: apiPath(GROUPS_API.loadGrid), retry: 2 }),
    }),
  }),
});

export const { useLoadGroupsQuery } = groupsApi;
