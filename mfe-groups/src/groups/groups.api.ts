import {
  GROUPS_API,
  REQUESTS_API,
  type AddMemberInput,
  type AddPatientGroupInput,
  type Group,
  type GroupDetails,
  type GroupLogPage,
  type GroupLogQuery,
  type GroupMember,
  type GroupType,
  type MembershipInput,
  type PageQuery,
  type UpdateDetailsInput,
  type UpdateGroupInfoInput,
  type Worklist,
  type WorklistRequestPage,
} from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

/** The groups of the caller, and the tabs they split into (records spec §3 Locally kept). */
export interface GroupTabs {
  all: Group[];
  byType: Record<GroupType, Group[]>;
}

/** Splits loadGrid by `organization_type.mnemonic` into the PATIENT_GROUP and ADMIN_GROUP tabs. */
export const splitTabs = (groups: Group[]): GroupTabs => ({
  all: groups,
  byType: {
    PATIENT_GROUP: groups.filter((g) => g.organization_type?.mnemonic === 'PATIENT_GROUP'),
    ADMIN_GROUP: groups.filter((g) => g.organization_type?.mnemonic === 'ADMIN_GROUP'),
  },
});

/** A path with its query string (empty values left out). */
export const withQuery = (
  path: string,
  params: Record<string, string | number | null | undefined>,
): string => {
  const q = new URLSearchParams(
    Object.entries(params)
      .filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== null && e[1] !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();
  return apiPath(q ? `${path}?${q}` : path);
};

/**
 * Every call of the coordinator's and admin's screens (records spec §7 Groups; payloads: decision 0027).
 * The tabs live in this cache as client state; lists reload after each change.
 */
export const groupsApi = api
  .enhanceEndpoints({ addTagTypes: ['Groups', 'Group', 'Worklist', 'Logs'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The caller's groups as tabs; a 504 is asked again twice, 2 s apart. */
      loadGroups: build.query<GroupTabs, void>({
        query: () => ({ url: apiPath(GROUPS_API.loadGrid), retry: 2 }),
        transformResponse: (groups: Group[]) => splitTabs(Array.isArray(groups) ? groups : []),
        providesTags: ['Groups'],
      }),
      getGroup: build.query<GroupDetails, string>({
        query: (groupId) => ({ url: withQuery(GROUPS_API.getDetails, { groupId }), retry: 2 }),
        providesTags: (_r, _e, id) => [{ type: 'Group', id }],
      }),
      addMember: build.mutation<GroupMember, AddMemberInput>({
        query: (body) => ({ url: apiPath(GROUPS_API.addMember), method: 'POST', body }),
        invalidatesTags: (_r, _e, b) => [{ type: 'Group', id: b.groupId }, 'Groups', 'Worklist', 'Logs'],
      }),
      deleteMember: build.mutation<'OK', MembershipInput>({
        query: (body) => ({ url: apiPath(GROUPS_API.deleteMember), method: 'POST', body }),
        invalidatesTags: ['Group', 'Groups', 'Worklist', 'Logs'],
      }),
      sendMemberInvite: build.mutation<'OK', MembershipInput>({
        query: (body) => ({ url: apiPath(GROUPS_API.sendMemberInvite), method: 'POST', body }),
        invalidatesTags: ['Logs'],
      }),
      updateGroupInfo: build.mutation<GroupDetails, UpdateGroupInfoInput>({
        query: (body) => ({ url: apiPath(GROUPS_API.updateGroupInfo), method: 'POST', body }),
        invalidatesTags: (_r, _e, b) => [{ type: 'Group', id: b.groupId }, 'Groups', 'Logs'],
      }),
      addPatientGroup: build.mutation<Group, AddPatientGroupInput>({
        query: (body) => ({ url: apiPath(GROUPS_API.addPatientGroup), method: 'POST', body }),
        invalidatesTags: (_r, _e, b) => [{ type: 'Group', id: b.adminGroupId }, 'Groups'],
      }),
      updateDetails: build.mutation<GroupMember, UpdateDetailsInput>({
        query: (body) => ({ url: apiPath(GROUPS_API.updateDetails), method: 'POST', body }),
        invalidatesTags: ['Group', 'Worklist', 'Logs'],
      }),
      getLogs: build.query<GroupLogPage, GroupLogQuery>({
        query: (q) => ({ url: withQuery(GROUPS_API.getLogs, { ...q }) }),
        providesTags: ['Logs'],
      }),
      /** Pending invitations, memberships expiring soon and members missing an ID, across the caller's groups. */
      getWorklist: build.query<Worklist, void>({
        query: () => ({ url: apiPath(GROUPS_API.worklist), retry: 2 }),
        providesTags: ['Worklist'],
      }),
      /** The members' open requests by legal due date (the requests context). */
      getOpenRequests: build.query<WorklistRequestPage, PageQuery>({
        query: (q) => ({ url: withQuery(REQUESTS_API.coordinatorWorklist, { ...q }), retry: 2 }),
        providesTags: ['Worklist'],
      }),
    }),
  });

export const {
  useLoadGroupsQuery,
  useGetGroupQuery,
  useAddMemberMutation,
  useDeleteMemberMutation,
  useSendMemberInviteMutation,
  useUpdateGroupInfoMutation,
  useAddPatientGroupMutation,
  useUpdateDetailsMutation,
  useGetLogsQuery,
  useGetWorklistQuery,
  useGetOpenRequestsQuery,
} = groupsApi;
