import { useNavigate } from 'react-router';
import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { MESSAGES, updatePasswordSchema } from '@portal/contracts';
import { queryError } from '@portal/api';
import { clearSession, paths, saveLogin } from '@portal/session';
import { FormikPasswordField, useToast } from '@portal/ui';
import { loginDestination } from '../login/LoginScreen';
import { useUpdatePasswordMutation } from './password.api';

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/**
 * The change-password form (current, new and confirm). The server ends every other session and
 * answers with a fresh login, which this tab keeps; then the user goes to all records. An
 * expired session logs the user out and goes to login (spec 000 §4 Settings).
 */
export const ChangePasswordForm = ({ onCancel }: { onCancel?: () => void }) => {
  const navigate = useNavigate();
  const toast = useToast();
  const [updatePassword] = useUpdatePasswordMutation();
  const form = useFormik<ChangePasswordValues>({
    initialValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
    validationSchema: updatePasswordSchema,
    onSubmit: async (values, helpers) => {
      try {
        const answer = await updatePassword(values).unwrap();
        saveLogin(answer);
        toast.success(MESSAGES.passwordChanged, 'change-password');
        void navigate(loginDestination(answer));
      } catch (e) {
        const failure = queryError(e);
        if (failure.status === 401) {
          clearSession();
          toast.error(MESSAGES.sessionExpired, 'change-password');
          void navigate(paths().login, { replace: true });
          return;
        }
        toast.error(failure.message, 'change-password');
        if (failure.errors) helpers.setErrors(failure.errors);
      }
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit}
      aria-label="Change password"
      data-testid="change-password-form"
    >
      <FormikPasswordField
        form={form}
        name="currentPassword"
        label="Current password"
        testId="change-password-current"
        autoComplete="current-password"
        required
      />
      <FormikPasswordField
        form={form}
        name="newPassword"
        label="New password"
        testId="change-password-new"
        autoComplete="new-password"
        required
        helperText={MESSAGES.passwordHelper}
      />
      <FormikPasswordField
        form={form}
        name="confirmNewPassword"
        label="Confirm password"
        testId="change-password-confirm"
        autoComplete="new-password"
        required
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'flex-end', mt: 1 }}>
        {onCancel ? (
          <Button onClick={onCancel} data-testid="change-password-cancel">
            Cancel
          </Button>
        ) : null}
        <Button
          type="submit"
          variant="contained"
          disabled={form.isSubmitting}
          data-testid="change-password-save"
        >
          Save
        </Button>
      </Box>
    </form>
  );
};
