/**
 * Texts of the groups area (issue 26): the spec quotes none, so these are the portal's own plain words,
 * shared by the screens, the shell's acting banner and the tests.
 */
import type { GroupMemberRole, MembershipStatus } from './types';

export const GROUP_MESSAGES = {
  noGroups: 'You are not in any group yet.',
  noPatientGroups: 'This group has no patient groups yet.',
  noMembers: 'This group has no patients yet. Add a member to invite one.',
  noCoordinators: 'This group has no medical coordinators yet.',
  noLogs: 'Nothing has been done in this group yet.',
  noLogsFound: 'No entries match these filters.',
  worklistEmpty: 'Nothing needs doing right now.',
  noOpenRequests: 'No open requests.',
  noInvitations: 'You have no invitations waiting.',
  noMemberships: 'No group can act for you.',
  nothingOnYourBehalf: 'Nobody has done anything on your behalf yet.',
  memberNotFound: 'This person is not a member of this group.',
  notActive:
    'This person has not accepted the invitation, or their membership has ended. You cannot act for them.',
  missingPermission: 'You do not have the permission for this screen, or the member has not given it.',
  inviteSent: 'Invitation sent.',
  inviteResent: 'Invitation sent again.',
  memberRemoved: 'Member removed.',
  groupSaved: 'Group information saved.',
  groupCreated: 'Patient group created.',
  permissionsSaved: 'Permissions saved.',
  invitationAccepted: 'Invitation accepted.',
  invitationRejected: 'Invitation rejected.',
  leftGroup: 'You left the group. It can no longer act for you.',
  removeMemberTitle: 'Remove member',
  removeMemberText: 'They leave the group at once, and the group can no longer act for them.',
  rejectTitle: 'Reject invitation',
  rejectText: 'The group gets no access to your account.',
  leaveTitle: 'Leave group',
  leaveText: 'The group and its coordinators can no longer act for you, from now on.',
  revokeTitle: 'Revoke access',
  revokeText: 'You leave this group: its coordinators can no longer act for you, from now on.',
  createNewUserHelp:
    'For a person who has no account yet. They get an e-mail to create their account; then they see the invitation and can accept it.',
  addMemberHelp:
    'The person gets an e-mail and sees the invitation when they sign in. Nothing is shared until they accept.',
  permissionsHelp: 'What the group may do for the member. The member sees this list before accepting.',
  coordinatorPermissionsHelp: 'What this coordinator may do for the patients of the group.',
  expiryHelp: 'Optional. The membership ends at the end of this day.',
  backToGroup: 'Back to group',
} as const;

/** The acting banner of the shell: who the coordinator acts for, and in which group. */
export const actingForText = (memberName: string | null, groupName: string | null): string =>
  memberName
    ? `You are acting for ${memberName}${groupName ? ` in ${groupName}` : ''}`
    : 'You are acting for a group member';

export const MEMBERSHIP_STATUS_TEXT: Record<MembershipStatus, string> = {
  PENDING: 'Invited',
  ACTIVE: 'Active',
  REJECTED: 'Rejected',
  LEFT: 'Left',
  REMOVED: 'Removed',
};

export const GROUP_ROLE_TEXT: Record<GroupMemberRole, string> = {
  PATIENT: 'Patient',
  MEDICAL_COORDINATOR: 'Medical coordinator',
  GROUP_ADMIN: 'Group admin',
};
