/**
 * Paths of the groups context (records spec §7 Groups: the call names are the spec's, the payloads are
 * designed here, decision 0027). Ids travel in the body or the query, as the spec's call names carry none.
 */
export const GROUPS_API = {
  /** GET: the groups the caller belongs to as coordinator or admin (the tabs), Group[]. */
  loadGrid: '/api/groups/loadGrid',
  /** GET ?groupId=: one group with its patients, coordinators and (an admin group) its patient groups, GroupDetails. */
  getDetails: '/api/groups/getDetails',
  /** POST AddMemberInput (coordinator with invite rights, or admin): invites a patient or a coordinator; answers GroupMember. */
  addMember: '/api/groups/addMember',
  /** POST MembershipInput (admin, or the coordinator for a patient): ends a membership at once; answers 'OK'. */
  deleteMember: '/api/groups/deleteMember',
  /** POST MembershipInput: mails a pending invitation again; answers 'OK'. */
  sendMemberInvite: '/api/groups/sendMemberInvite',
  /** GET: the roles a member may be added with and the permissions there are, GroupRoles. */
  getRoles: '/api/groups/getRoles',
  /** POST UpdateGroupInfoInput (admin): the group's name, description and contact; answers GroupDetails. */
  updateGroupInfo: '/api/groups/updateGroupInfo',
  /** POST AddPatientGroupInput (admin of the admin group): a new patient group under it; answers Group. */
  addPatientGroup: '/api/groups/addPatientGroup',
  /** GET GroupLogQuery (admin of the group): what was done in and for the group, newest first, GroupLogPage. */
  getLogs: '/api/groups/getLogs',
  /** POST UpdateDetailsInput (admin): a coordinator's permissions, a membership's expiry; answers GroupMember. */
  updateDetails: '/api/groups/updateDetails',
  /** GET ?groupId= (coordinator or admin): pending invitations, memberships expiring soon, members missing an ID, WorklistPage. */
  worklist: '/api/groups/worklist',
  /** GET (any signed-in user): the caller's own memberships, pending or active, MyMembership[]. */
  myMemberships: '/api/groups/myMemberships',
  /** POST MembershipInput (the member): leaves the group; every permission it gave ends at once; answers 'OK'. */
  leaveGroup: '/api/groups/leaveGroup',
  /** GET ?page=&size= (any signed-in user): what coordinators did for the caller, newest first, GroupLogPage. */
  onMyBehalf: '/api/groups/onMyBehalf',
} as const;

/** Paths of the legacy pending-approval page (the invited person's side). */
export const PENDING_APPROVAL_API = {
  /** GET: the caller's invitations waiting for an answer, PendingInvitation[]. */
  loadGrid: '/api/pendingApproval/loadGrid',
  /** POST MembershipInput: accepts; the membership becomes active with the permissions shown; answers 'OK'. */
  acceptInvite: '/api/pendingApproval/acceptInvite',
  /** POST MembershipInput: rejects; nobody gets any access; answers 'OK'. */
  rejectInvite: '/api/pendingApproval/rejectInvite',
} as const;

/**
 * The header a remote sends while its screen acts for a group member: `<groupId>/<userId>`. The server
 * answers as that member only on routes that allow acting, when the caller coordinates or administers
 * the group, the member has accepted, and the permission the route needs is given on both sides.
 */
export const ON_BEHALF_OF_HEADER = 'x-on-behalf-of';

export const onBehalfOfValue = (groupId: string, userId: string): string => `${groupId}/${userId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The header's group and member, or null when it is not two uuids (an untrusted header names nothing else). */
export const parseOnBehalfOf = (value: unknown): { groupId: string; userId: string } | null => {
  if (typeof value !== 'string') return null;
  const [groupId, userId, rest] = value.split('/');
  return rest === undefined && UUID.test(groupId ?? '') && UUID.test(userId ?? '')
    ? { groupId: groupId!.toLowerCase(), userId: userId!.toLowerCase() }
    : null;
};

/** Page sizes of the logs, the worklist and "done on your behalf". */
export const GROUP_PAGE_SIZES = [10, 25, 50, 100] as const;
/** Days before a membership's expiry when the member is reminded and the worklist lists it. */
export const MEMBERSHIP_REMINDER_DAYS = 14;
