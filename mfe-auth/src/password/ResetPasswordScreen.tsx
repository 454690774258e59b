import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES, newPasswordFormSchema } from '@portal/contracts';
import { apiFetch } from '@portal/api';
import { useToast } from '@portal/ui';
import { AuthCard } from '../components/AuthCard';
import { paths } from '../table';

type Phase = 'checking' | 'form' | 'mailed';

/**
 * Reset password, reached with `token` (a mailed set or reset link) or `tokenId=true` (the
 * NEW_PASSWORD_REQUIRED challenge). A dead link goes to the link-expired page.
 */
const ResetPasswordScreen = () => {
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const tokenId = params.get('tokenId') === 'true';
  const [phase, setPhase] = useState<Phase>('checking');
  const [mailed, setMailed] = useState('');

  useEffect(() => {
    if (!token) {
      navigate(paths().login, { replace: true });
      return;
    }
    const check = tokenId
      ? apiFetch<{ message: string }>('/api/auth/resetPassword', { method: 'POST', body: { token, tokenId: true }, skipAuthRedirect: true }).then((a) => {
          setMailed(a.message);
          setPhase('mailed');
        })
      : apiFetch(`/api/checkResetPasswordToken?token=${encodeURIComponent(token)}`, { skipAuthRedirect: true }).then(() => setPhase('form'));
    check.catch(() => navigate(paths().linkExpired, { replace: true }));
  }, [token, tokenId, navigate]);

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
  // Spaces are stripped from typed passwords.
  const field = (name: 'newPassword' | 'confirmNewPassword', label: string) => (
    <TextField
      name={name}
      label={label}
      type="password"
      autoComplete="new-password"
      fullWidth
      margin="normal"
      value={form.values[name]}
      onChange={(e) => void form.setFieldValue(name, e.target.value.replace(/\s+/g, ''))}
      onBlur={form.handleBlur}
      error={Boolean(form.touched[name] && form.errors[name])}
      helperText={(form.touched[name] && form.errors[name]) || (name === 'newPassword' ? MESSAGES.passwordHelper : ' ')}
      slotProps={{ htmlInput: { 'data-testid': `reset-${name}` } }}
    />
  );

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
          {field('newPassword', 'New password')}
          {field('confirmNewPassword', 'Confirm password')}
          <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} disabled={form.isSubmitting} data-testid="reset-submit">
            Save password
          </Button>
        </form>
      ) : null}
    </AuthCard>
  );
};

export default ResetPasswordScreen;
