/** The two kinds of group (records spec §3 Locally kept: tabs split by organization_type.mnemonic). */
export const GROUP_TYPES = ['PATIENT_GROUP', 'ADMIN_GROUP'] as const;
export type GroupType = (typeof GROUP_TYPES)[number];

/** A member's place in a group. */
export const GROUP_MEMBER_ROLES = ['PATIENT', 'MEDICAL_COORDINATOR', 'GROUP_ADMIN'] as const;
export type GroupMemberRole = (typeof GROUP_MEMBER_ROLES)[number];

/**
 * What a coordinator may do for a member (decision 0027): the admin gives each coordinator a set per
 * group, the patient consents to the set the group asks for; acting needs the permission on both sides.
 */
export const GROUP_PERMISSIONS = [
  'VIEW_RECORDS',
  'REQUEST_RECORDS',
  'UPLOAD_RECORDS',
  'EDIT_PERSONAL_INFO',
  'SHARE_RECORDS',
] as const;
export type GroupPermission = (typeof GROUP_PERMISSIONS)[number];

/** Each permission in plain words, as the admin, the coordinator and the patient read it. */
export const GROUP_PERMISSION_TEXT: Record<GroupPermission, { name: string; description: string }> = {
  VIEW_RECORDS: {
    name: 'View records',
    description: 'See open requests, records and images, and download them.',
  },
  REQUEST_RECORDS: { name: 'Request records', description: 'Send records requests to facilities.' },
  UPLOAD_RECORDS: { name: 'Upload records', description: 'Add records and upload images.' },
  EDIT_PERSONAL_INFO: {
    name: 'Edit personal information and family',
    description: 'Change personal information, family members and identity.',
  },
  SHARE_RECORDS: { name: 'Share records', description: 'Share records with people and facilities.' },
};

/**
 * PENDING: invited, waiting for the person; ACTIVE: accepted; REJECTED: the person said no; LEFT: the
 * member left or revoked; REMOVED: the group ended it. Only ACTIVE, unexpired memberships give access.
 */
export const MEMBERSHIP_STATUSES = ['PENDING', 'ACTIVE', 'REJECTED', 'LEFT', 'REMOVED'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** A group of the coordinator's or admin's tabs. */
export interface Group {
  id: string;
  name: string;
  organization_type: { mnemonic: GroupType };
  /** Active patients. */
  patientCount: number;
  /** The admin group a patient group belongs to; null for an admin group. */
  parentId: string | null;
  /** The caller's role here; an admin of the parent admin group is GROUP_ADMIN of its patient groups. */
  myRole: GroupMemberRole;
}

/** One membership of a group as the group's staff see it. */
export interface GroupMember {
  membershipId: string;
  /** Null while the invited address has no proved account yet. */
  userId: string | null;
  email: string;
  firstName: string;
  lastName: string;
  role: GroupMemberRole;
  status: MembershipStatus;
  /** A patient: what the group asks to do (consented once ACTIVE); a coordinator: what the admin gave. */
  permissions: GroupPermission[];
  expiresAt: string | null;
  invitedAt: string;
  respondedAt: string | null;
  /** Patients only: whether the member's identity is verified (auth's my-identity). */
  identityVerified: boolean;
}

export interface GroupDetails {
  id: string;
  name: string;
  description: string;
  contactEmail: string;
  contactPhone: string;
  organization_type: { mnemonic: GroupType };
  parentId: string | null;
  parentName: string | null;
  myRole: GroupMemberRole;
  /** What the caller may do for this group's patients (all of them for an admin). */
  myPermissions: GroupPermission[];
  /** Patients of a patient group (every status but REJECTED, newest invitation first within a status). */
  members: GroupMember[];
  coordinators: GroupMember[];
  /** An admin group: its patient groups. */
  patientGroups: Group[];
}

export interface GroupRoles {
  roles: Array<{ mnemonic: GroupMemberRole; name: string }>;
  permissions: Array<{ mnemonic: GroupPermission; name: string; description: string }>;
}

/** One line of the group's logs and of a patient's "done on your behalf". */
export interface GroupLogEntry {
  id: string;
  at: string;
  actorId: string | null;
  actorName: string;
  /** The person acted for or the membership concerned; null for a group-wide act (info edited). */
  memberId: string | null;
  memberName: string;
  groupId: string;
  groupName: string;
  /** The audit action, e.g. `requests.patient-request-submitted`, `groups.member-invited`. */
  action: string;
  /** The action in words. */
  actionText: string;
  /** The permission that allowed an act for a member; null for the group's own changes. */
  permission: GroupPermission | null;
  /** The context that did it: records, requests, imaging, auth, sharing, groups. */
  context: string;
  resourceType: string;
  resourceId: string | null;
}

export interface GroupLogPage {
  rows: GroupLogEntry[];
  total: number;
  page: number;
  size: number;
}

/** An invitation waiting for the invited person (pendingApproval/loadGrid). */
export interface PendingInvitation {
  membershipId: string;
  groupId: string;
  groupName: string;
  groupDescription: string;
  role: GroupMemberRole;
  permissions: GroupPermission[];
  invitedBy: string;
  invitedAt: string;
  expiresAt: string | null;
}

/** One of the caller's own memberships (their settings: which groups may act for them, and Leave). */
export interface MyMembership extends PendingInvitation {
  status: MembershipStatus;
  /** The coordinators who may act for the member in this group, by name. */
  coordinators: string[];
}

/** The coordinator's worklist: what needs doing across the members of their groups. */
export interface Worklist {
  pendingInvitations: Array<GroupMember & { groupId: string; groupName: string }>;
  expiringMemberships: Array<GroupMember & { groupId: string; groupName: string }>;
  missingIdentity: Array<GroupMember & { groupId: string; groupName: string }>;
}

/** An open request of a member, for the coordinator's worklist (requests context, by legal due date). */
export interface WorklistRequest {
  patientRequestId: string;
  memberId: string;
  memberName: string;
  groupId: string;
  facility: string;
  status: string;
  requestedAt: string;
  /** Thirty days after the request (the provider's tracker); null when the request has no date yet. */
  dueDate: string | null;
  daysLeft: number | null;
}

export interface WorklistRequestPage {
  rows: WorklistRequest[];
  total: number;
  page: number;
  size: number;
}
