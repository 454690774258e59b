import { useParams } from 'react-router';

/** Where a group's screens are: the coordinator's `/groups/{g}` or the admin's `/groupAdmin/{a}/groups/{g}`. */
export interface GroupScope {
  groupId: string;
  /** The admin group in the path; null on the coordinator's paths. */
  adminId: string | null;
}

export const groupBase = ({ groupId, adminId }: GroupScope): string =>
  adminId ? `/groupAdmin/${adminId}/groups/${groupId}` : `/groups/${groupId}`;

/** The person path of a member (records spec §2.10), where the member's own screens open. */
export const personBase = (scope: GroupScope, userId: string): string => `${groupBase(scope)}/user/${userId}`;

/** The group (and admin group) named by the route's `:groupId` and `:adminId`. */
export const useGroupScope = (): GroupScope => {
  const { groupId = '', adminId } = useParams();
  return { groupId, adminId: adminId ?? null };
};
