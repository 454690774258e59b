import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { forgotPasswordSchema, MESSAGES } from '@portal/contracts';
import { queryError } from '@portal/api';
import { paths } from '@portal/session';
import { SubmitButton } from '@portal/ui';
import { AuthCard } from '../components/AuthCard';
import { useForgotPasswordMutation } from './password.api';

/** Spec: the page returns to login 3 seconds after the reset mail message. */
export const RETURN_TO_LOGIN_MS = 3000;

const ForgotPasswordScreen = () => {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [forgotPassword, { isLoading: busy }] = useForgotPasswordMutation();
  const valid = forgotPasswordSchema.isValidSync({ username: email });

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => void navigate(paths().login), RETURN_TO_LOGIN_MS);
    return () => clearTimeout(timer);
  }, [sent, navigate]);

  const submit = async () => {
    setError(null);
    try {
      setSent((await forgotPassword({ username: email.trim() }).unwrap()).message);
    } catch (e) {
      setError(queryError(e).message);
    }
  };

  return (
    <AuthCard title="Forgot password" testId="forgot-password-screen">
      {sent ? (
        <Alert severity="success" role="status" data-testid="forgot-password-sent">
          {sent}
        </Alert>
      ) : (
        <form
          noValidate
          aria-label="Forgot password"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) void submit();
          }}
        >
          <Typography sx={{ mb: 1 }}>
            Enter the email address of your account and we will send you a link to reset your password.
          </Typography>
          {error ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            fullWidth
            margin="normal"
            value={email}
            onChange={(e) => setEmail(e.target.value.trimStart())}
            error={email !== '' && !valid}
            helperText={email !== '' && !valid ? MESSAGES.pleaseEnterValidEmail : ' '}
            slotProps={{ htmlInput: { 'data-testid': 'forgot-password-email' } }}
          />
          <SubmitButton testId="forgot-password-submit" submitting={busy} disabled={!valid}>
            Submit
          </SubmitButton>
        </form>
      )}
      <Typography sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths().login} data-testid="forgot-password-login">
          Back to login
        </Link>
      </Typography>
    </AuthCard>
  );
};

export default ForgotPasswordScreen;
