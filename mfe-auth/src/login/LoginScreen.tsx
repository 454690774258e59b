import { Suspense, lazy, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { CHALLENGE_NEW_PASSWORD, loginSchema, redirectAfterSignIn } from '@portal/contracts';
import type { LoginAnswer } from '@portal/contracts';
import { queryError } from '@portal/api';
import { consumeRedirect, getRouteTable, paths, saveLogin } from '@portal/session';
import { asTyped, FormikTextField, portalTheme, SubmitButton } from '@portal/ui';
import { AuthCard } from '../components/AuthCard';
import { CustodianBanner } from './CustodianBanner';
import { useGetCustodianDetailsQuery } from './custodian.api';
import { useLoginMutation } from './login.api';

// Shown only after a refused sign-in, so not part of the first load of /login (decision 0007).
const Alert = lazy(() => import('@mui/material/Alert'));

export interface LoginValues {
  username: string;
  password: string;
  remember: boolean;
}

/**
 * Where a successful login goes (spec 000 §4 Login): the saved redirect (the page the shell sent a
 * signed-out visitor to login from) when it is a path of this site the role may enter, else the role's page.
 */
export const loginDestination = (answer: LoginAnswer, savedRedirect: string | null = null): string => {
  const p = paths();
  if (answer.challenge === CHALLENGE_NEW_PASSWORD)
    return `${p.resetPassword}?token=${encodeURIComponent(answer.userId)}&tokenId=true`;
  const role = answer.role?.mnemonic ?? answer.role?.role_mnemonic ?? answer.user?.role?.mnemonic;
  return (
    redirectAfterSignIn(getRouteTable(), savedRedirect, role) ??
    (role === 'EXTERNAL_PROVIDER' ? p.providerHome : p.patientHome)
  );
};

export const LoginScreen = () => {
  const navigate = useNavigate();
  const [login] = useLoginMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [passwordInvalid, setPasswordInvalid] = useState(false);
  // /{custodianId}/login: the facility's name, logo and theme; an unknown id leaves the plain login.
  const { custodianId } = useParams();
  const { currentData: custodian } = useGetCustodianDetailsQuery(custodianId ?? '', { skip: !custodianId });

  const form = useFormik<LoginValues>({
    initialValues: { username: '', password: '', remember: false },
    validationSchema: loginSchema,
    onSubmit: async (values) => {
      setServerError(null);
      try {
        const answer = await login({
          username: values.username.trim(),
          password: values.password,
          remember: values.remember,
        }).unwrap();
        const signedIn = answer.challenge !== CHALLENGE_NEW_PASSWORD;
        if (signedIn) saveLogin(answer);
        // The saved page is followed once; a new-password challenge leaves it for the sign-in after it.
        void navigate(loginDestination(answer, signedIn ? consumeRedirect() : null));
      } catch (e) {
        setServerError(queryError(e).message);
        setPasswordInvalid(true);
      }
    },
  });

  return (
    // Always the same tree, so a facility answer arriving while the user types does not remount the form.
    <ThemeProvider theme={portalTheme(custodian?.theme)}>
      {custodian ? <CustodianBanner custodian={custodian} /> : null}
      <AuthCard title="Login" testId="login-screen">
        <form noValidate onSubmit={form.handleSubmit} aria-label="Login">
          {serverError ? (
            <Suspense fallback={<div role="alert">{serverError}</div>}>
              <Alert severity="error" data-testid="login-error" role="alert" sx={{ mb: 2 }}>
                {serverError}
              </Alert>
            </Suspense>
          ) : null}
          <FormikTextField
            form={form}
            name="username"
            label="Email"
            testId="login-email"
            type="email"
            autoComplete="username"
            margin="normal"
            clean={asTyped}
          />
          <FormikTextField
            form={form}
            name="password"
            label="Password"
            testId="login-password"
            type="password"
            autoComplete="current-password"
            margin="normal"
            // A password keeps its spaces at sign-in; typing clears the mark of a refused one.
            clean={(typed) => {
              setPasswordInvalid(false);
              return asTyped(typed);
            }}
            invalid={passwordInvalid}
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
          <SubmitButton testId="login-submit" submitting={form.isSubmitting} sx={{ mt: 2 }}>
            Login
          </SubmitButton>
          <Typography sx={{ mt: 2, textAlign: 'center' }}>
            Don&apos;t have an account?{' '}
            <Link component={RouterLink} to={paths().signup} data-testid="login-create">
              Create one
            </Link>
          </Typography>
        </form>
      </AuthCard>
    </ThemeProvider>
  );
};
