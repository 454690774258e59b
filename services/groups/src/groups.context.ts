import { defineContext } from '@portal/server-kit';
import { GroupsInit1763800000000 } from './migrations/1763800000000-groups-init';
import { GroupsMemberships1767500000000 } from './migrations/1767500000000-groups-memberships';
import { GroupActCounts1767600000000 } from './migrations/1767600000000-group-act-counts';
import { GroupRepository } from './groups/group.repository';
import { GroupAccess } from './groups/group-access';
import { LoadGroups } from './groups/load-groups/load-groups';
import { LoadGroupsController } from './groups/load-groups/load-groups.http.controller';
import { GetGroupDetails } from './groups/get-group-details/get-group-details';
import { GetGroupDetailsController } from './groups/get-group-details/get-group-details.http.controller';
import { UpdateGroupInfo } from './groups/update-group-info/update-group-info';
import { UpdateGroupInfoController } from './groups/update-group-info/update-group-info.http.controller';
import { AddPatientGroup } from './groups/add-patient-group/add-patient-group';
import { AddPatientGroupController } from './groups/add-patient-group/add-patient-group.http.controller';
import { GetRoles } from './groups/get-roles/get-roles';
import { GetRolesController } from './groups/get-roles/get-roles.http.controller';
import { MembershipRepository } from './memberships/membership.repository';
import { MembershipChanges } from './memberships/membership-changes';
import { MemberAccess } from './memberships/member-access';
import { GroupMails } from './memberships/group-mails';
import { AddMember } from './memberships/add-member/add-member';
import { AddMemberController } from './memberships/add-member/add-member.http.controller';
import { SendMemberInvite } from './memberships/send-member-invite/send-member-invite';
import { SendMemberInviteController } from './memberships/send-member-invite/send-member-invite.http.controller';
import { DeleteMember } from './memberships/delete-member/delete-member';
import { DeleteMemberController } from './memberships/delete-member/delete-member.http.controller';
import { UpdateDetails } from './memberships/update-details/update-details';
import { UpdateDetailsController } from './memberships/update-details/update-details.http.controller';
import { AnswerInvitation } from './memberships/answer-invitation/answer-invitation';
import { AnswerInvitationController } from './memberships/answer-invitation/answer-invitation.http.controller';
import { LeaveGroup } from './memberships/leave-group/leave-group';
import { LeaveGroupController } from './memberships/leave-group/leave-group.http.controller';
import { MyMemberships } from './memberships/my-memberships/my-memberships';
import { MyMembershipsController } from './memberships/my-memberships/my-memberships.http.controller';
import { PendingInvitations } from './memberships/pending-invitations/pending-invitations';
import { PendingInvitationsController } from './memberships/pending-invitations/pending-invitations.http.controller';
import { GetWorklist } from './memberships/worklist/worklist';
import { WorklistController } from './memberships/worklist/worklist.http.controller';
import { SendExpiryReminders } from './memberships/expiry-reminders/send-expiry-reminders';
import { ExpiryReminderJob } from './memberships/expiry-reminders/expiry-reminder.job';
import { ActRepository } from './acts/act.repository';
import { ActTrail } from './acts/act-trail';
import { GetLogs } from './acts/get-logs/get-logs';
import { GetLogsController } from './acts/get-logs/get-logs.http.controller';
import { OnMyBehalf } from './acts/on-my-behalf/on-my-behalf';
import { OnMyBehalfController } from './acts/on-my-behalf/on-my-behalf.http.controller';
import { KeepAct } from './acts/keep-act/keep-act';
import { PeopleRepository } from './people/people.repository';
import { KeepPerson } from './people/keep-person/keep-person';
import { LinkInvitations } from './people/link-invitations/link-invitations';
import { GroupsConsumers } from './consumers/groups.consumers';
import { GroupsDemoSeed } from './demo/seed-demo';

/**
 * The groups context (decision 0027): patient groups and the admin groups above them, memberships with
 * consent, permissions and expiry, invitations, the logs of every act in and for a group, and each
 * member's "done on your behalf".
 */
export const GroupsContext = defineContext({
  name: 'groups',
  entities: [],
  migrations: [GroupsInit1763800000000, GroupsMemberships1767500000000, GroupActCounts1767600000000],
  controllers: [
    LoadGroupsController,
    GetGroupDetailsController,
    UpdateGroupInfoController,
    AddPatientGroupController,
    GetRolesController,
    AddMemberController,
    SendMemberInviteController,
    DeleteMemberController,
    UpdateDetailsController,
    WorklistController,
    GetLogsController,
    MyMembershipsController,
    LeaveGroupController,
    OnMyBehalfController,
    PendingInvitationsController,
    AnswerInvitationController,
  ],
  providers: [
    GroupRepository,
    GroupAccess,
    LoadGroups,
    GetGroupDetails,
    UpdateGroupInfo,
    AddPatientGroup,
    GetRoles,
    MembershipRepository,
    MembershipChanges,
    MemberAccess,
    GroupMails,
    AddMember,
    SendMemberInvite,
    DeleteMember,
    UpdateDetails,
    AnswerInvitation,
    LeaveGroup,
    MyMemberships,
    PendingInvitations,
    GetWorklist,
    SendExpiryReminders,
    ExpiryReminderJob,
    ActRepository,
    ActTrail,
    GetLogs,
    OnMyBehalf,
    KeepAct,
    PeopleRepository,
    KeepPerson,
    LinkInvitations,
    GroupsConsumers,
    GroupsDemoSeed,
  ],
});
