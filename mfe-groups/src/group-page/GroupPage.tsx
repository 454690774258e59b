import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { GROUP_MESSAGES, type GroupDetails, type GroupMember, type PersonSuffix } from '@portal/contracts';
import { setActing } from '@portal/session';
import { ConfirmDialog, EmptyState } from '@portal/ui';
import { memberName } from '../common/format';
import { groupBase, personBase, type GroupScope } from '../common/paths';
import { submit } from '../common/submit';
import { useDeleteMemberMutation, useSendMemberInviteMutation } from '../groups/groups.api';
import { GroupFrame } from './GroupFrame';
import { MembersSummary, MembersTable } from './MembersTable';

/** The group's patients with what the caller may do for each (drawn from the details, dispatching changes). */
const GroupPatients = ({ group, scope }: { group: GroupDetails; scope: GroupScope }) => {
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  const [remove, removal] = useDeleteMemberMutation();
  const [resend, resending] = useSendMemberInviteMutation();
  const act = (m: GroupMember, suffix: PersonSuffix) => {
    if (!m.userId) return;
    const base = personBase(scope, m.userId);
    // The banner names the member at once, before their screen has loaded.
    setActing({ base, memberName: memberName(m), groupName: group.name });
    void navigate(`${base}/${suffix}`);
  };
  return (
    <>
      {group.description ? (
        <Typography variant="body1" sx={{ mb: 2 }} data-testid="group-description">
          {group.description}
        </Typography>
      ) : null}
      <Typography component="h2" variant="h6">
        Patients
      </Typography>
      {group.members.length === 0 ? (
        <EmptyState text={GROUP_MESSAGES.noMembers} testId="members-empty" />
      ) : (
        <>
          <MembersSummary members={group.members} />
          <MembersTable
            members={group.members}
            myPermissions={group.myPermissions}
            busy={removal.isLoading || resending.isLoading}
            onAct={act}
            onResend={(m) =>
              void submit(
                () => resend({ membershipId: m.membershipId }).unwrap(),
                GROUP_MESSAGES.inviteResent,
                'resend-invite',
              )
            }
            onRemove={setRemoving}
          />
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={GROUP_MESSAGES.removeMemberTitle}
        text={`${removing ? memberName(removing) : ''}: ${GROUP_MESSAGES.removeMemberText}`}
        confirmLabel="Remove"
        busy={removal.isLoading}
        testId="remove-member"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const m = removing;
          if (!m) return;
          void submit(
            () => remove({ membershipId: m.membershipId }).unwrap(),
            GROUP_MESSAGES.memberRemoved,
            'remove-member',
          ).then(() => setRemoving(null));
        }}
      />
    </>
  );
};

/**
 * The group page (`/groups/{g}`, and the admin's `/groupAdmin/{a}/groups/{g}`): the patients table with
 * the person screens, Add member, Create new user and the group's info (the admin also its logs and coordinators).
 */
export const GroupPage = () => (
  <GroupFrame
    title={(g) => g.name}
    testId="group-page"
    actions={(_g, scope) => (
      <>
        <Button
          component={RouterLink}
          to={`${groupBase(scope)}/addMembers`}
          variant="contained"
          data-testid="group-add-member"
        >
          Add member
        </Button>
        <Button
          component={RouterLink}
          to={`${groupBase(scope)}/createNewUser`}
          variant="outlined"
          data-testid="group-create-user"
        >
          Create new user
        </Button>
      </>
    )}
  >
    {(group, scope) => <GroupPatients group={group} scope={scope} />}
  </GroupFrame>
);
