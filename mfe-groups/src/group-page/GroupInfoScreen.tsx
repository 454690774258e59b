import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { GROUP_MESSAGES, GROUP_ROLE_TEXT, type GroupDetails } from '@portal/contracts';
import { Fact, PermissionList } from '../common/ui';
import { submit } from '../common/submit';
import { useUpdateGroupInfoMutation } from '../groups/groups.api';
import { GroupFrame } from './GroupFrame';
import { GroupInfoForm } from './GroupInfoForm';

/** The group's information as everyone reads it. */
export const GroupFacts = ({ group }: { group: GroupDetails }) => (
  <Box component="dl" sx={{ m: 0 }} data-testid="group-facts">
    <Fact label="Name">{group.name}</Fact>
    <Fact label="Description">{group.description || '—'}</Fact>
    <Fact label="Contact e-mail">{group.contactEmail || '—'}</Fact>
    <Fact label="Contact phone">{group.contactPhone || '—'}</Fact>
    <Fact label="Type">
      {group.organization_type?.mnemonic === 'ADMIN_GROUP' ? 'Admin group' : 'Patient group'}
    </Fact>
    {group.parentName ? <Fact label="Part of">{group.parentName}</Fact> : null}
    <Fact label="Your role">{GROUP_ROLE_TEXT[group.myRole] ?? group.myRole}</Fact>
    <Fact label="Active patients">{group.members.filter((m) => m.status === 'ACTIVE').length}</Fact>
    <Fact label="Medical coordinators">{group.coordinators.filter((c) => c.status === 'ACTIVE').length}</Fact>
  </Box>
);

const EditGroupInfo = ({ group }: { group: GroupDetails }) => {
  const [update] = useUpdateGroupInfoMutation();
  return (
    <GroupInfoForm
      initial={{
        name: group.name,
        description: group.description ?? '',
        contactEmail: group.contactEmail ?? '',
        contactPhone: group.contactPhone ?? '',
      }}
      submitLabel="Save"
      onSubmit={(v) =>
        submit(() => update({ groupId: group.id, ...v }).unwrap(), GROUP_MESSAGES.groupSaved, 'group-info')
      }
    />
  );
};

/**
 * `groupInfo`: a group admin edits the group's name, description and contact (updateGroupInfo); a
 * coordinator reads them, with what they may do for the group's patients.
 */
export const GroupInfoScreen = () => (
  <GroupFrame title={(g) => `${g.name}: group info`} testId="group-info">
    {(group) => (
      <>
        {group.myRole === 'GROUP_ADMIN' ? <EditGroupInfo group={group} /> : <GroupFacts group={group} />}
        <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 1 }}>
          What you may do for the patients
        </Typography>
        <PermissionList permissions={group.myPermissions} testId="group-my-permissions" />
      </>
    )}
  </GroupFrame>
);
