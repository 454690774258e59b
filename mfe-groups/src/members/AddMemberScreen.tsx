import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import { GROUP_MESSAGES } from '@portal/contracts';
import { groupBase } from '../common/paths';
import { submit } from '../common/submit';
import { GroupFrame } from '../group-page/GroupFrame';
import { useAddMemberMutation } from '../groups/groups.api';
import { MemberForm } from './MemberForm';

/**
 * `addMembers` and `createNewUser`: invite a patient to the group (addMember, role PATIENT) with the
 * permissions the group asks for. A person with no account gets a mail to create it, then accepts.
 */
export const AddMemberScreen = ({ newUser }: { newUser: boolean }) => {
  const [add] = useAddMemberMutation();
  const navigate = useNavigate();
  return (
    <GroupFrame title={(g) => `${newUser ? 'Create new user' : 'Add member'}: ${g.name}`} testId="add-member">
      {(group, scope) => (
        <>
          <Alert severity="info" sx={{ mb: 2 }} data-testid="add-member-help">
            {newUser ? GROUP_MESSAGES.createNewUserHelp : GROUP_MESSAGES.addMemberHelp}
          </Alert>
          <MemberForm
            permissionsLegend="Permissions asked of the member"
            permissionsHelp={GROUP_MESSAGES.permissionsHelp}
            submitLabel="Send invitation"
            onCancel={() => void navigate(groupBase(scope))}
            onSubmit={async (v) => {
              const outcome = await submit(
                () =>
                  add({
                    groupId: group.id,
                    role: 'PATIENT',
                    email: v.email.trim().toLowerCase(),
                    firstName: v.firstName.trim(),
                    lastName: v.lastName.trim(),
                    permissions: v.permissions,
                    expiresAt: v.expiresAt || null,
                  }).unwrap(),
                GROUP_MESSAGES.inviteSent,
                'add-member',
              );
              if (outcome === true) void navigate(groupBase(scope));
              return outcome;
            }}
          />
        </>
      )}
    </GroupFrame>
  );
};
