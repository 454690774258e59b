import { SHARING_API, type SharedUser } from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

export const sharingPeopleApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The people the caller shares with; a 504 is asked again twice, 2 s apart. */
    getSharedUsers: build.query<SharedUser[], void>({
      query: () => ({ url: apiPath(SHARING_API.sharedUsers), retry: 2 }),
    }),
  }),
});

export const { useGetSharedUsersQuery } = sharingPeopleApi;
