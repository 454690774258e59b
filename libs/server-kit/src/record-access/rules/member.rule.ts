import type { GroupPermission } from '@portal/contracts';

/** One membership as a context that lets coordinators act keeps it (from `groups.membership-changed`). */
export interface KeptMembership {
  groupId: string;
  parentGroupId: string | null;
  userId: string;
  role: string;
  status: string;
  permissions: string[];
  expiresAt: Date | string | null;
}

/** A membership counts while it is accepted and not past its expiry. */
export const membershipLive = (m: KeptMembership, now: Date): boolean =>
  m.status === 'ACTIVE' && (m.expiresAt === null || new Date(m.expiresAt).getTime() > now.getTime());

/**
 * `membershipLive` as SQL, for lists filtered in the database (the worklist, the groups' own queries):
 * the two forms of the rule sit together, as `liveGrantSql` does beside the share-grant rule.
 */
export const liveMembershipSql = (alias: string): string =>
  `${alias}.status = 'ACTIVE' AND (${alias}.expires_at IS NULL OR ${alias}.expires_at > now())`;

/** The actor is staff of the member's group: its coordinator, or an admin of it or of its admin group. */
export const staffOf = (actor: KeptMembership, member: KeptMembership): boolean =>
  actor.role === 'GROUP_ADMIN'
    ? actor.groupId === member.groupId || actor.groupId === member.parentGroupId
    : actor.role === 'MEDICAL_COORDINATOR' && actor.groupId === member.groupId;

/**
 * What a caller acting for a member may do (decision 0027), as Epic's proxy access and Medplum's
 * parameterised access policy do it: never without the patient's own accepted membership of the group.
 * 'none': no live tie between them (the caller is told the member does not exist); 'forbidden': a tie,
 * but the permission is not given on both sides (the admin's grant to the coordinator, the patient's
 * consent); 'allowed'. An admin holds every permission the patient consented to.
 */
export const actingDecision = (
  actors: readonly KeptMembership[],
  member: KeptMembership | null,
  permission: GroupPermission,
  now: Date,
): 'none' | 'forbidden' | 'allowed' => {
  if (!member || member.role !== 'PATIENT' || !membershipLive(member, now)) return 'none';
  const staff = actors.filter((a) => membershipLive(a, now) && staffOf(a, member));
  if (!staff.length) return 'none';
  if (!member.permissions.includes(permission)) return 'forbidden';
  return staff.some((a) => a.role === 'GROUP_ADMIN' || a.permissions.includes(permission))
    ? 'allowed'
    : 'forbidden';
};
