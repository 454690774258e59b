import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { GROUP_MESSAGES, addMemberSchema, type GroupPermission } from '@portal/contracts';
import { FormikTextField, SubmitButton } from '@portal/ui';
import { PermissionsField } from './PermissionsField';

export interface MemberFormValues {
  email: string;
  firstName: string;
  lastName: string;
  permissions: GroupPermission[];
  /** YYYY-MM-DD, or '' for none. */
  expiresAt: string;
}

/** The invite form's part of addMemberSchema: the group and the role come from the page. */
export const memberFormSchema = addMemberSchema.pick([
  'email',
  'firstName',
  'lastName',
  'permissions',
  'expiresAt',
]);

/**
 * Invite a person to a group (addMembers, createNewUser, and a coordinator on manageMedicalCoordinator):
 * e-mail, names, the permissions asked for and an optional expiry. Server field errors come back on
 * their fields.
 */
export const MemberForm = ({
  permissionsLegend,
  permissionsHelp,
  submitLabel,
  onSubmit,
  onCancel,
  initialPermissions = [],
}: {
  permissionsLegend: string;
  permissionsHelp: string;
  submitLabel: string;
  /** true: sent (the form clears); field errors: shown on their fields; false: failed (already told). */
  onSubmit: (values: MemberFormValues) => Promise<boolean | Record<string, string>>;
  onCancel?: () => void;
  initialPermissions?: GroupPermission[];
}) => {
  const form = useFormik<MemberFormValues>({
    initialValues: { email: '', firstName: '', lastName: '', permissions: initialPermissions, expiresAt: '' },
    validationSchema: memberFormSchema,
    onSubmit: async (values, helpers) => {
      const outcome = await onSubmit(values);
      if (outcome === true) helpers.resetForm();
      else if (outcome) helpers.setErrors(outcome);
    },
  });
  const shown = (name: keyof MemberFormValues) =>
    form.touched[name] || form.submitCount > 0 ? (form.errors[name] as string | undefined) : undefined;
  return (
    <Box
      component="form"
      onSubmit={form.handleSubmit}
      noValidate
      data-testid="member-form"
      sx={{ maxWidth: 640 }}
    >
      <FormikTextField form={form} name="email" label="E-mail" type="email" testId="member-email" required />
      <Box sx={{ display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormikTextField form={form} name="firstName" label="First name" testId="member-firstName" required />
        <FormikTextField form={form} name="lastName" label="Last name" testId="member-lastName" required />
      </Box>
      <PermissionsField
        legend={permissionsLegend}
        help={permissionsHelp}
        values={form.values.permissions}
        onChange={(v) => void form.setFieldValue('permissions', v)}
        error={shown('permissions')}
      />
      <FormikTextField
        form={form}
        name="expiresAt"
        label="Expiry date"
        type="date"
        testId="member-expiresAt"
        clean={(v) => v}
        helperText={GROUP_MESSAGES.expiryHelp}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ maxWidth: 260 }}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1, flexWrap: 'wrap' }}>
        {onCancel ? (
          <Button onClick={onCancel} data-testid="member-cancel">
            Cancel
          </Button>
        ) : null}
        <SubmitButton testId="member-submit" submitting={form.isSubmitting} fullWidth={false}>
          {submitLabel}
        </SubmitButton>
      </Box>
    </Box>
  );
};
