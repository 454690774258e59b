import { AUTH_API, type FamilyMember, type FamilyMemberRequest } from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

const membersPath = apiPath(AUTH_API.familyMembers);

export const familyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFamilyMembers: build.query<FamilyMember[], void>({
      query: () => membersPath,
      providesTags: ['FamilyMembers'],
    }),
    /** Adds a member, or with an id changes that member. */
    saveFamilyMember: build.mutation<
      { message: string; member: FamilyMember },
      FamilyMemberRequest & { id?: string }
    >({
      query: ({ id, ...body }) => ({
        url: id ? `${membersPath}/${id}` : membersPath,
        method: id ? 'PUT' : 'POST',
        body,
      }),
      invalidatesTags: ['FamilyMembers'],
    }),
    removeFamilyMember: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `${membersPath}/${id}`, method: 'DELETE' }),
      invalidatesTags: ['FamilyMembers'],
    }),
  }),
});

export const { useGetFamilyMembersQuery, useSaveFamilyMemberMutation, useRemoveFamilyMemberMutation } =
  familyApi;
