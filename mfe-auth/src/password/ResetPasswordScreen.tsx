import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES, newPasswordFormSchema } from '@portal/contracts';
import { apiFetch } from '@portal/api';
import { isSignedIn } from '@portal/session';
import { useToast } from '@portal/ui';
import { AuthCard } from '../components/AuthCard';
import { FormikPasswordField } from '../components/FormikTextField';
import { paths } from '../table';
import { ChangePasswordForm } from './ChangePasswordForm';

type Phase = 'checking' | 'form' | 'mailed';

/**
 * Reset password, reached with `token` (a mailed set or reset link) or `tokenId=true` (the
 * NEW_PASSWORD_REQUIRED challenge). A dead link goes to the link-expired page. Without either it
 * is the change-password form for a signed-in user, and login for anyone else.
 */
const ResetPasswordScreen = () => {
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const tokenId = params.get('tokenId') === 'true';
  const [phase, setPhase] = useState<Phase>('checking');
  const [mailed, setMailed] = useState('');
  const changePassword = !token && isSignedIn();

  useEffect(() => {
    if (!token) {
      if (!changePassword) navigate(paths().login, { replace: true });
      return;
    }
    const check = tokenId
      ? apiFetch<{ message: string }>('/api/auth/resetPassword', {
          method: 'POST',
          body: { token, tokenId: true },
          skipAuthRedirect: true,
        }).then((a) => {
          setMailed(a.message);
          setPhase('mailed');
        })
      : apiFetch(`/api/checkResetPasswordToken?token=${encodeURIComponent(token)}`, {
          skipAuthRedirect: true,
        }).then(() => setPhase('form'));
    check.catch(() => navigate(paths().linkExpired, { replace: true }));
  }, [token, tokenId, changePassword, navigate]);

  const form = useFormik({
    initialValues: { newPassword: '', confirmNewPassword: '' },
    validationSchema: newPasswordFormSchema,
    onSubmit: async (values) => {
      try {
        const answer = await apiFetch<{ message: string }>('/api/auth/resetPassword', {
          method: 'POST',
          body: { token, newPassword: values.newPassword, forgotPassword: true },
          skipAuthRedirect: true,
        });
        toast.success(answer.message);
        navigate(paths().login);
      } catch (e) {
        toast.error((e as Error).message);
      }
    },
  });
  if (changePassword) {
    return (
      <AuthCard title="Change password" testId="change-password-screen">
        <ChangePasswordForm />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset password" testId="reset-password-screen">
      {phase === 'checking' ? <CircularProgress aria-label={MESSAGES.loading} /> : null}
      {phase === 'mailed' ? (
        <Alert severity="info" role="status" data-testid="reset-password-mailed">
          {mailed}
        </Alert>
      ) : null}
      {phase === 'form' ? (
        <form noValidate onSubmit={form.handleSubmit} aria-label="Reset password">
          <Typography>Choose a password of at least 8 characters.</Typography>
          <FormikPasswordField
            form={form}
            name="newPassword"
            label="New password"
            testId="reset-newPassword"
            margin="normal"
            autoComplete="new-password"
            helperText={MESSAGES.passwordHelper}
          />
          <FormikPasswordField
            form={form}
            name="confirmNewPassword"
            label="Confirm password"
            testId="reset-confirmNewPassword"
            margin="normal"
            autoComplete="new-password"
          />
          <Button
            type="submit"
            variant="contained"
            fullWidth
            size="large"
            sx={{ mt: 2 }}
            disabled={form.isSubmitting}
            data-testid="reset-submit"
          >
            Save password
          </Button>
        </form>
      ) : null}
    </AuthCard>
  );
};

export default ResetPasswordScreen;
