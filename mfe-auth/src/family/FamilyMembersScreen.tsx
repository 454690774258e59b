import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { MESSAGES, type FamilyMember, type FamilyMemberRequest } from '@portal/contracts';
import { queryError } from '@portal/api';
import { EmptyState, PageFrame, useErrorToast, useToast } from '@portal/ui';
import { useGoBack } from '../components/useGoBack';
import { useGetFamilyMemberTypesQuery } from '../reference/reference.api';
import {
  useGetFamilyMembersQuery,
  useRemoveFamilyMemberMutation,
  useSaveFamilyMemberMutation,
} from './family.api';
import { FamilyMemberDialog } from './FamilyMemberDialog';

type Editing = { member: FamilyMember | null } | null;

/** The user's family members: list, add, edit, delete. A failure to load the relationship types goes back. */
const FamilyMembersScreen = () => {
  const toast = useToast();
  const goBack = useGoBack();
  const types = useGetFamilyMemberTypesQuery();
  const members = useGetFamilyMembersQuery();
  const [saveMember] = useSaveFamilyMemberMutation();
  const [removeMember] = useRemoveFamilyMemberMutation();
  useErrorToast(types.error);
  useErrorToast(members.error);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FamilyMember | null>(null);
  const [removing, setRemoving] = useState(false);

  // Spec: a failure to fetch the relationship types shows the error (the toast above) and goes back.
  useEffect(() => {
    if (types.error) goBack();
  }, [types.error, goBack]);

  // The list reloads by itself: saving and removing invalidate it.
  const save = async (body: FamilyMemberRequest) => {
    try {
      const answer = await saveMember({ ...body, id: editing?.member?.id }).unwrap();
      toast.success(answer?.message || MESSAGES.entrySaved, 'save-family-member');
      setEditing(null);
    } catch (e) {
      toast.error(queryError(e).message, 'save-family-member');
    }
  };
  const remove = async (member: FamilyMember) => {
    setRemoving(true);
    try {
      const answer = await removeMember(member.id).unwrap();
      toast.success(answer?.message || MESSAGES.entryDeleted, 'remove-family-member');
    } catch (e) {
      toast.error(queryError(e).message, 'remove-family-member');
    }
    setRemoving(false);
    setDeleting(null);
  };

  const list = members.data ?? [];
  return (
    <PageFrame
      title="Family Members"
      testId="auth-familyMembers"
      actions={
        <Button
          variant="contained"
          onClick={() => setEditing({ member: null })}
          disabled={!types.data}
          data-testid="family-add"
        >
          Add family member
        </Button>
      }
    >
      {members.isLoading ? <LinearProgress aria-label="Loading" /> : null}
      {!members.isLoading && list.length === 0 ? (
        <EmptyState text="You have not added any family members yet." testId="family-empty" />
      ) : null}
      {list.length ? (
        <Paper variant="outlined">
          <List data-testid="family-list">
            {list.map((m, i) => (
              <ListItem
                key={m.id}
                divider={i < list.length - 1}
                data-testid={`family-member-${m.id}`}
                sx={{ flexWrap: 'wrap', gap: 1 }}
              >
                <ListItemText
                  primary={`${m.first_name} ${m.last_name}`}
                  secondary={m.relation ? `${m.relationship.name}: ${m.relation}` : m.relationship.name}
                />
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    onClick={() => setEditing({ member: m })}
                    aria-label={`Edit ${m.first_name} ${m.last_name}`}
                    data-testid="family-edit"
                  >
                    Edit
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setDeleting(m)}
                    aria-label={`Delete ${m.first_name} ${m.last_name}`}
                    data-testid="family-delete"
                  >
                    Delete
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        </Paper>
      ) : null}
      {editing && types.data ? (
        <FamilyMemberDialog
          member={editing.member}
          types={types.data}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      ) : null}
      <Dialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        aria-labelledby="family-delete-title"
      >
        <DialogTitle id="family-delete-title">Delete family member</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Delete {deleting?.first_name} {deleting?.last_name} from your family members?
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)} data-testid="family-delete-cancel">
            Cancel
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={removing}
            onClick={() => deleting && void remove(deleting)}
            data-testid="family-delete-confirm"
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </PageFrame>
  );
};

export default FamilyMembersScreen;
