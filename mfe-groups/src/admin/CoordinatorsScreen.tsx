import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  GROUP_MESSAGES,
  GROUP_PERMISSION_TEXT,
  updateDetailsSchema,
  type GroupDetails,
  type GroupMember,
  type GroupPermission,
} from '@portal/contracts';
import { ConfirmDialog, EmptyState, FormikTextField, ScrollableTable, SubmitButton } from '@portal/ui';
import { memberName, usDate } from '../common/format';
import { groupBase, type GroupScope } from '../common/paths';
import { submit } from '../common/submit';
import { MembershipActions, StatusChip, VISUALLY_HIDDEN } from '../common/ui';
import { GroupFrame } from '../group-page/GroupFrame';
import {
  useAddMemberMutation,
  useDeleteMemberMutation,
  useSendMemberInviteMutation,
  useUpdateDetailsMutation,
} from '../groups/groups.api';
import { MemberForm } from '../members/MemberForm';
import { PermissionsField } from '../members/PermissionsField';

/** The id a coordinator's permissions page is under: their account, or the invitation while they have none. */
const coordinatorKey = (c: GroupMember) => c.userId ?? c.membershipId;

/** The group's coordinators: name, status, permissions, expiry; Permissions, Resend and Remove. */
export const CoordinatorsTable = ({
  coordinators,
  permissionsHref,
  onResend,
  onRemove,
}: {
  coordinators: GroupMember[];
  permissionsHref: (c: GroupMember) => string;
  onResend: (c: GroupMember) => void;
  onRemove: (c: GroupMember) => void;
}) => (
  <ScrollableTable label="Medical coordinators" testId="coordinators-scroll">
    <Table size="small" aria-label="Medical coordinators" sx={{ minWidth: 760 }}>
      <TableHead>
        <TableRow>
          <TableCell>Name</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Permissions</TableCell>
          <TableCell>Expires</TableCell>
          <TableCell sx={{ position: 'relative' }}>
            <Box component="span" sx={VISUALLY_HIDDEN}>
              Actions
            </Box>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {coordinators.map((c) => (
          <TableRow key={c.membershipId} data-testid="coordinator-row">
            <TableCell>
              <Box component="span" sx={{ fontWeight: 600, display: 'block' }}>
                {memberName(c)}
              </Box>
              <Typography
                variant="body2"
                color="text.secondary"
                component="span"
                sx={{ overflowWrap: 'anywhere' }}
              >
                {c.email}
              </Typography>
            </TableCell>
            <TableCell>
              <StatusChip status={c.status} />
            </TableCell>
            <TableCell data-testid="coordinator-permissions">
              {c.permissions.map((p) => GROUP_PERMISSION_TEXT[p]?.name ?? p).join(', ') || 'None'}
            </TableCell>
            <TableCell>{c.expiresAt ? usDate(c.expiresAt) : 'Never'}</TableCell>
            <TableCell>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {c.status === 'ACTIVE' || c.status === 'PENDING' ? (
                  <Button
                    size="small"
                    variant="outlined"
                    component={RouterLink}
                    to={permissionsHref(c)}
                    aria-label={`Permissions of ${memberName(c)}`}
                    data-testid="coordinator-edit"
                  >
                    Permissions
                  </Button>
                ) : null}
                <MembershipActions
                  membership={c}
                  testId="coordinator"
                  onResend={onResend}
                  onRemove={onRemove}
                />
              </Box>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </ScrollableTable>
);

const Coordinators = ({ group, scope }: { group: GroupDetails; scope: GroupScope }) => {
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  const [add] = useAddMemberMutation();
  const [remove, removal] = useDeleteMemberMutation();
  const [resend] = useSendMemberInviteMutation();
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
          Medical coordinators
        </Typography>
        {inviting ? null : (
          <Button variant="contained" onClick={() => setInviting(true)} data-testid="coordinator-invite">
            Invite a coordinator
          </Button>
        )}
      </Box>
      {inviting ? (
        <Box component="section" aria-labelledby="invite-coordinator-title" sx={{ mb: 3 }}>
          <Typography
            id="invite-coordinator-title"
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: 600 }}
          >
            Invite a medical coordinator
          </Typography>
          <MemberForm
            permissionsLegend="What this coordinator may do"
            permissionsHelp={GROUP_MESSAGES.coordinatorPermissionsHelp}
            submitLabel="Send invitation"
            onCancel={() => setInviting(false)}
            onSubmit={async (v) => {
              const outcome = await submit(
                () =>
                  add({
                    groupId: group.id,
                    role: 'MEDICAL_COORDINATOR',
                    email: v.email.trim().toLowerCase(),
                    firstName: v.firstName.trim(),
                    lastName: v.lastName.trim(),
                    permissions: v.permissions,
                    expiresAt: v.expiresAt || null,
                  }).unwrap(),
                GROUP_MESSAGES.inviteSent,
                'invite-coordinator',
              );
              if (outcome === true) setInviting(false);
              return outcome;
            }}
          />
        </Box>
      ) : null}
      {group.coordinators.length === 0 ? (
        <EmptyState text={GROUP_MESSAGES.noCoordinators} testId="coordinators-empty" />
      ) : (
        <CoordinatorsTable
          coordinators={group.coordinators}
          permissionsHref={(c) =>
            `${groupBase(scope)}/manageMedicalCoordinator/${coordinatorKey(c)}/permissions`
          }
          onResend={(c) =>
            void submit(
              () => resend({ membershipId: c.membershipId }).unwrap(),
              GROUP_MESSAGES.inviteResent,
              'resend-invite',
            )
          }
          onRemove={setRemoving}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove coordinator"
        text={`${removing ? memberName(removing) : ''} can no longer act for the patients of this group.`}
        confirmLabel="Remove"
        busy={removal.isLoading}
        testId="remove-coordinator"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const c = removing;
          if (!c) return;
          void submit(
            () => remove({ membershipId: c.membershipId }).unwrap(),
            GROUP_MESSAGES.memberRemoved,
            'remove-coordinator',
          ).then(() => setRemoving(null));
        }}
      />
    </>
  );
};

/** `manageMedicalCoordinator` (group admin): the group's coordinators, invite one, remove one. */
export const CoordinatorsScreen = () => (
  <GroupFrame title={(g) => `${g.name}: medical coordinators`} testId="group-coordinators">
    {(group, scope) => <Coordinators group={group} scope={scope} />}
  </GroupFrame>
);

interface PermissionValues {
  permissions: GroupPermission[];
  expiresAt: string;
}
const permissionsSchema = updateDetailsSchema.pick(['permissions', 'expiresAt']);

/** A coordinator's permissions and expiry, saved with updateDetails on their membership. */
export const CoordinatorPermissionsForm = ({
  coordinator,
  onSubmit,
  onCancel,
}: {
  coordinator: GroupMember;
  onSubmit: (v: PermissionValues) => Promise<boolean | Record<string, string>>;
  onCancel: () => void;
}) => {
  const form = useFormik<PermissionValues>({
    initialValues: {
      permissions: coordinator.permissions,
      expiresAt: coordinator.expiresAt?.slice(0, 10) ?? '',
    },
    enableReinitialize: true,
    validationSchema: permissionsSchema,
    onSubmit: async (values, helpers) => {
      const outcome = await onSubmit(values);
      if (outcome !== true && outcome) helpers.setErrors(outcome);
    },
  });
  return (
    <Box
      component="form"
      onSubmit={form.handleSubmit}
      noValidate
      data-testid="coordinator-permissions-form"
      sx={{ maxWidth: 640 }}
    >
      <PermissionsField
        legend="What this coordinator may do"
        help={GROUP_MESSAGES.coordinatorPermissionsHelp}
        values={form.values.permissions}
        onChange={(v) => void form.setFieldValue('permissions', v)}
        error={form.errors.permissions as string | undefined}
      />
      <FormikTextField
        form={form}
        name="expiresAt"
        label="Expiry date"
        type="date"
        testId="coordinator-expiresAt"
        clean={(v) => v}
        helperText={GROUP_MESSAGES.expiryHelp}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ maxWidth: 260 }}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
        <Button onClick={onCancel} data-testid="coordinator-permissions-cancel">
          Cancel
        </Button>
        <SubmitButton
          testId="coordinator-permissions-submit"
          submitting={form.isSubmitting}
          fullWidth={false}
        >
          Save
        </SubmitButton>
      </Box>
    </Box>
  );
};

/** `manageMedicalCoordinator/{userId}/permissions` (group admin). */
export const CoordinatorPermissionsScreen = () => {
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const [update] = useUpdateDetailsMutation();
  const find = (g: GroupDetails) =>
    g.coordinators.find((c) => c.userId === userId || c.membershipId === userId);
  return (
    <GroupFrame
      title={(g) => {
        const c = find(g);
        return c ? `Permissions of ${memberName(c)}` : 'Permissions';
      }}
      testId="coordinator-permissions"
    >
      {(group, scope) => {
        const c = find(group);
        const back = `${groupBase(scope)}/manageMedicalCoordinator`;
        if (!c) {
          return (
            <Alert severity="warning" data-testid="coordinator-not-found">
              This person is not a medical coordinator of this group.
            </Alert>
          );
        }
        return (
          <CoordinatorPermissionsForm
            coordinator={c}
            onCancel={() => void navigate(back)}
            onSubmit={async (v) => {
              const outcome = await submit(
                () =>
                  update({
                    membershipId: c.membershipId,
                    permissions: v.permissions,
                    expiresAt: v.expiresAt || null,
                  }).unwrap(),
                GROUP_MESSAGES.permissionsSaved,
                'coordinator-permissions',
              );
              if (outcome === true) void navigate(back);
              return outcome;
            }}
          />
        );
      }}
    </GroupFrame>
  );
};
