/**
 * A coordinator's or admin's screens for one member (records spec §2.10: `/groups/{groupId}/user/{userId}/…`
 * and `/groupAdmin/{groupAdminId}/groups/{groupId}/user/{userId}/…`). Under that prefix the patient's own
 * remotes draw their own screens, acting for the member (decision 0027): every call carries
 * ON_BEHALF_OF_HEADER, and the server decides what the coordinator may do.
 */
import type { RouteTableName } from '../routes';
import type { GroupPermission } from './types';

/** The spec's person suffixes. */
export const PERSON_SUFFIXES = [
  'openRequests',
  'request',
  'info',
  'personalInfo',
  'familyMembers',
  'identity',
  'myRecords',
  'addRecords',
  'uploadImages',
] as const;
export type PersonSuffix = (typeof PERSON_SUFFIXES)[number];

/** The permission each person screen needs ('info' is the group's own page about the member). */
export const PERSON_SUFFIX_PERMISSION: Record<PersonSuffix, GroupPermission | null> = {
  openRequests: 'VIEW_RECORDS',
  request: 'REQUEST_RECORDS',
  info: null,
  personalInfo: 'EDIT_PERSONAL_INFO',
  familyMembers: 'EDIT_PERSONAL_INFO',
  identity: 'EDIT_PERSONAL_INFO',
  myRecords: 'VIEW_RECORDS',
  addRecords: 'UPLOAD_RECORDS',
  uploadImages: 'UPLOAD_RECORDS',
};

export interface PersonPath {
  /** `/groups/{g}/user/{u}` or `/groupAdmin/{a}/groups/{g}/user/{u}`: the base the patient's screens run under. */
  base: string;
  groupId: string;
  userId: string;
  groupAdminId: string | null;
  /** What follows the base, from its slash: '/myRecords', '/patient/my-records/all-requests'; '' for the bare base. */
  rest: string;
}

const PERSON = /^(\/groupAdmin\/([^/]+))?\/groups\/([^/]+)\/user\/([^/]+)(\/.*)?$/;

/** The member a path acts for, or null when it is not a person path. */
export const personPath = (pathname: string): PersonPath | null => {
  const m = PERSON.exec(pathname);
  if (!m) return null;
  const [, admin = '', groupAdminId, groupId, userId, rest = ''] = m;
  return {
    base: `${admin}/groups/${groupId}/user/${userId}`,
    groupId: groupId!,
    userId: userId!,
    groupAdminId: groupAdminId ?? null,
    rest: rest.replace(/\/+$/, ''),
  };
};

/** The spec suffix a rest names ('/myRecords' → 'myRecords'), or null for a patient page's own path. */
export const personSuffix = (rest: string): PersonSuffix | null => {
  const name = rest.replace(/^\//, '');
  return (PERSON_SUFFIXES as readonly string[]).includes(name) ? (name as PersonSuffix) : null;
};

/** Where each suffix opens the patient's own screen, per route table ('info' stays in the groups area). */
export const PERSON_SUFFIX_TARGET: Record<RouteTableName, Record<Exclude<PersonSuffix, 'info'>, string>> = {
  new: {
    openRequests: '/patient/my-records/open-requests',
    request: '/request-records',
    personalInfo: '/settings/personal-information',
    familyMembers: '/family-members',
    identity: '/my-identity',
    myRecords: '/patient/my-records/all-requests',
    addRecords: '/patient/my-records/all-requests?upload=records',
    uploadImages: '/patient/my-records/all-requests?upload=images',
  },
  legacy: {
    openRequests: '/openRequests',
    request: '/requestRecord',
    personalInfo: '/personalInfo',
    familyMembers: '/familyMembers',
    identity: '/myIdentity',
    myRecords: '/myRecords',
    addRecords: '/myRecords?upload=records',
    uploadImages: '/myRecords?upload=images',
  },
};
