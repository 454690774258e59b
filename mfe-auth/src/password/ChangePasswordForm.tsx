import { useNavigate } from 'react-router';
import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { IDENTITY_API, MESSAGES, updatePasswordSchema } from '@portal/contracts';
import type { LoginResponse } from '@portal/contracts';
import { ApiError, apiFetch } from '@portal/api';
import { clearSession, saveLogin } from '@portal/session';
import { useToast } from '@portal/ui';
import { FormikPasswordField } from '../components/FormikTextField';
import { loginDestination } from '../login/LoginScreen';
import { paths } from '../table';

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
  const form = useFormik<ChangePasswordValues>({
    initialValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
    validationSchema: updatePasswordSchema,
    onSubmit: async (values, helpers) => {
      try {
        const answer = await apiFetch<LoginResponse & { message: string }>(IDENTITY_API.updatePassword, {
          method: 'PUT',
          body: values,
          skipAuthRedirect: true,
        });
        saveLogin(answer);
        toast.success(MESSAGES.passwordChanged);
        navigate(loginDestination(answer));
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) {
          clearSession();
          toast.error(MESSAGES.sessionExpired);
          navigate(paths().login, { replace: true });
          return;
        }
        toast.error((e as Error).message);
        if (e instanceof ApiError && e.body?.errors) helpers.setErrors(e.body.errors);
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
