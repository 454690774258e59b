import {
  GROUPS_API,
  PENDING_APPROVAL_API,
  type GroupLogPage,
  type MembershipInput,
  type MyMembership,
  type PageQuery,
  type PendingInvitation,
} from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';
import { withQuery } from '../groups/groups.api';

/** The invited person's side: invitations, their own memberships and what was done on their behalf. */
export const pendingApi = api
  .enhanceEndpoints({ addTagTypes: ['Invitations', 'Memberships', 'OnMyBehalf'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getInvitations: build.query<PendingInvitation[], void>({
        query: () => ({ url: apiPath(PENDING_APPROVAL_API.loadGrid), retry: 2 }),
        providesTags: ['Invitations'],
      }),
      acceptInvite: build.mutation<'OK', MembershipInput>({
        query: (body) => ({ url: apiPath(PENDING_APPROVAL_API.acceptInvite), method: 'POST', body }),
        invalidatesTags: ['Invitations', 'Memberships'],
      }),
      rejectInvite: build.mutation<'OK', MembershipInput>({
        query: (body) => ({ url: apiPath(PENDING_APPROVAL_API.rejectInvite), method: 'POST', body }),
        invalidatesTags: ['Invitations', 'Memberships'],
      }),
      getMyMemberships: build.query<MyMembership[], void>({
        query: () => ({ url: apiPath(GROUPS_API.myMemberships), retry: 2 }),
        providesTags: ['Memberships'],
      }),
      leaveGroup: build.mutation<'OK', MembershipInput>({
        query: (body) => ({ url: apiPath(GROUPS_API.leaveGroup), method: 'POST', body }),
        invalidatesTags: ['Memberships', 'OnMyBehalf'],
      }),
      getOnMyBehalf: build.query<GroupLogPage, PageQuery>({
        query: (q) => ({ url: withQuery(GROUPS_API.onMyBehalf, { ...q }), retry: 2 }),
        providesTags: ['OnMyBehalf'],
      }),
    }),
  });

export const {
  useGetInvitationsQuery,
  useAcceptInviteMutation,
  useRejectInviteMutation,
  useGetMyMembershipsQuery,
  useLeaveGroupMutation,
  useGetOnMyBehalfQuery,
} = pendingApi;
