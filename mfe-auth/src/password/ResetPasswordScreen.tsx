import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES, newPasswordFormSchema } from '@portal/contracts';
import { queryError } from '@portal/api';
import { isSignedIn, paths } from '@portal/session';
import { FormikPasswordField, SubmitButton, useToast } from '@portal/ui';
import { AuthCard } from '../components/AuthCard';
import { ChangePasswordForm } from './ChangePasswordForm';
import { useLazyCheckResetPasswordTokenQuery, useResetPasswordMutation } from './password.api';

type Phase = 'checking' | 'form' | 'mailed';

/**
 * Reset password, reached with `token` (a mailed set or reset link) or `tokenId=true` (the
 * NEW_PASSWORD_REQUIRED challenge). A dead reset link shows 'The forgot password token has expired'
 * and goes home; a refused challenge goes to the link-expired page. Without either it
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
  const [resetPassword] = useResetPasswordMutation();
  const [checkToken] = useLazyCheckResetPasswordTokenQuery();

  useEffect(() => {
    if (!token) {
      if (!changePassword) void navigate(paths().login, { replace: true });
      return;
    }
    if (tokenId) {
      resetPassword({ token, tokenId: true })
        .unwrap()
        .then((a) => {
          setMailed(a.message);
          setPhase('mailed');
        })
        .catch(() => navigate(paths().linkExpired, { replace: true }));
      return;
    }
    // Spec 000 §8: a dead forgot-password token says so, then the visitor goes home.
    checkToken(token)
      .unwrap()
      .then(() => setPhase('form'))
      .catch(() => {
        toast.error(MESSAGES.forgotPasswordTokenExpired, 'reset-password');
        void navigate(paths().landing, { replace: true });
      });
  }, [token, tokenId, changePassword, navigate, resetPassword, checkToken, toast]);

  const form = useFormik({
    initialValues: { newPassword: '', confirmNewPassword: '' },
    validationSchema: newPasswordFormSchema,
    onSubmit: async (values) => {
      try {
        const answer = await resetPassword({
          token,
          newPassword: values.newPassword,
          forgotPassword: true,
        }).unwrap();
        toast.success(answer.message, 'reset-password');
        void navigate(paths().login);
      } catch (e) {
        toast.error(queryError(e).message, 'reset-password');
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
          <SubmitButton testId="reset-submit" submitting={form.isSubmitting} sx={{ mt: 2 }}>
            Save password
          </SubmitButton>
        </form>
      ) : null}
    </AuthCard>
  );
};

export default ResetPasswordScreen;
