import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHALLENGE_NEW_PASSWORD, loginSchema } from '@portal/contracts';
import type { LoginResponse } from '@portal/contracts';
import { apiFetch } from '@portal/api';
import { saveLogin } from '@portal/session';
import { paths } from '../table';
import { AuthCard } from '../components/AuthCard';

export interface LoginValues {
  username: string;
  password: string;
  remember: boolean;
}

/** Where a successful login goes (spec 000 §4 Login). */
export const loginDestination = (answer: LoginResponse): string => {
  const p = paths();
  if (answer.challenge === CHALLENGE_NEW_PASSWORD)
    return `${p.resetPassword}?token=${encodeURIComponent(answer.userId)}&tokenId=true`;
  const role = answer.role?.mnemonic ?? answer.role?.role_mnemonic ?? answer.user?.role?.mnemonic;
  return role === 'EXTERNAL_PROVIDER' ? p.providerHome : p.patientHome;
};

export const LoginScreen = () => {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const [passwordInvalid, setPasswordInvalid] = useState(false);

  const form = useFormik<LoginValues>({
    initialValues: { username: '', password: '', remember: false },
    validationSchema: loginSchema,
    onSubmit: async (values) => {
      setServerError(null);
      try {
        const answer = await apiFetch<LoginResponse>('/api/auth/login', {
          method: 'POST',
          body: { username: values.username.trim(), password: values.password, remember: values.remember },
          skipAuthRedirect: true,
        });
        if (answer.challenge !== CHALLENGE_NEW_PASSWORD) saveLogin(answer);
        navigate(loginDestination(answer));
      } catch (e) {
        setServerError((e as Error).message);
        setPasswordInvalid(true);
      }
    },
  });

  const emailError = form.touched.username && form.errors.username;
  const passwordError = form.touched.password && form.errors.password;

  return (
    <AuthCard title="Login" testId="login-screen">
      <form noValidate onSubmit={form.handleSubmit} aria-label="Login">
        {serverError ? (
          <Alert severity="error" data-testid="login-error" role="alert" sx={{ mb: 2 }}>
            {serverError}
          </Alert>
        ) : null}
        <TextField
          id="login-email"
          name="username"
          label="Email"
          type="email"
          autoComplete="username"
          fullWidth
          margin="normal"
          value={form.values.username}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={Boolean(emailError)}
          helperText={emailError || ' '}
          slotProps={{ htmlInput: { 'data-testid': 'login-email' } }}
        />
        <TextField
          id="login-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          fullWidth
          margin="normal"
          value={form.values.password}
          onChange={(e) => {
            setPasswordInvalid(false);
            form.handleChange(e);
          }}
          onBlur={form.handleBlur}
          error={Boolean(passwordError) || passwordInvalid}
          helperText={passwordError || ' '}
          slotProps={{
            htmlInput: {
              'data-testid': 'login-password',
              'aria-invalid': Boolean(passwordError) || passwordInvalid,
            },
          }}
        />
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
          }}
        >
          <FormControlLabel
            control={
              <Checkbox
                name="remember"
                checked={form.values.remember}
                onChange={form.handleChange}
                slotProps={{ input: { 'data-testid': 'login-remember' } as object }}
              />
            }
            label="Remember me"
          />
          <Link component={RouterLink} to={paths().forgotPassword} data-testid="login-forgot">
            Forgot password?
          </Link>
        </Box>
        <Button
          type="submit"
          variant="contained"
          fullWidth
          size="large"
          sx={{ mt: 2 }}
          disabled={form.isSubmitting}
          data-testid="login-submit"
        >
          Login
        </Button>
        <Typography sx={{ mt: 2, textAlign: 'center' }}>
          Don&apos;t have an account?{' '}
          <Link component={RouterLink} to={paths().signup} data-testid="login-create">
            Create one
          </Link>
        </Typography>
      </form>
    </AuthCard>
  );
};
