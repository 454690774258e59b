import {
  GROUP_MESSAGES,
  PERSON_SUFFIX_PERMISSION,
  type GroupMember,
  type GroupPermission,
  type PersonSuffix,
} from '@portal/contracts';
import { isExpired } from './format';

/** The person screens a coordinator opens for a member, in the order the group page lists them. */
export const PERSON_ACTIONS: ReadonlyArray<{ suffix: PersonSuffix; label: string }> = [
  { suffix: 'info', label: 'Info' },
  { suffix: 'openRequests', label: 'Open requests' },
  { suffix: 'myRecords', label: 'My records' },
  { suffix: 'request', label: 'Request records' },
  { suffix: 'addRecords', label: 'Add records' },
  { suffix: 'uploadImages', label: 'Upload images' },
  { suffix: 'personalInfo', label: 'Personal info' },
  { suffix: 'familyMembers', label: 'Family members' },
  { suffix: 'identity', label: 'Identity' },
];

/** Whether the group may act for the member now: accepted, with an account, not expired. */
export const canActFor = (m: GroupMember): m is GroupMember & { userId: string } =>
  m.status === 'ACTIVE' && m.userId !== null && !isExpired(m.expiresAt);

/**
 * Why a person screen cannot open for this member, or null when it can: acting needs an active
 * membership and the screen's permission on both sides (the coordinator's and the member's consent).
 * The server decides anyway; this only spares a screen of refusals.
 */
export const refusal = (
  member: GroupMember | undefined,
  suffix: PersonSuffix,
  myPermissions: readonly GroupPermission[],
): string | null => {
  if (!member) return GROUP_MESSAGES.memberNotFound;
  if (!canActFor(member)) return GROUP_MESSAGES.notActive;
  const need = PERSON_SUFFIX_PERMISSION[suffix];
  if (need && !(myPermissions.includes(need) && member.permissions.includes(need))) {
    return GROUP_MESSAGES.missingPermission;
  }
  return null;
};

/** The person screens shown for a member: none unless active, then those both sides allow. */
export const allowedActions = (member: GroupMember, myPermissions: readonly GroupPermission[]) =>
  PERSON_ACTIONS.filter((a) => refusal(member, a.suffix, myPermissions) === null);
