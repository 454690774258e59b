import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { CHALLENGE_NEW_PASSWORD, MESSAGES, isEmailAddress, registerAccountSchema } from '@portal/contracts';
import { queryError } from '@portal/api';
import { saveLogin } from '@portal/session';
import { OutlinedTextField } from '@portal/ui';
import {
  useCheckUserEmailMutation,
  useRegisterAccountMutation,
  useWizardForgotPasswordMutation,
  useWizardLoginMutation,
} from '../../wizard.api';
import { StepLayout, useStepNav } from '../../wizard/StepLayout';
import type { StepName } from '../../wizard/routing';
import { useWizard } from '../../wizard/WizardContext';

/** Spec: after a forgot-password request the page returns to login after 3 seconds. */
export const RETURN_TO_LOGIN_MS = 3000;
export type AccountMode = 'email' | 'login' | 'signup' | 'forgot';

const passwordError = (mode: AccountMode, password: string): string | undefined => {
  if (mode === 'login') return password ? undefined : MESSAGES.loginPassword;
  if (mode !== 'signup') return undefined;
  try {
    registerAccountSchema.validateSyncAt('password', { password });
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
};

/**
 * The wizard's account page (create-account; the external email step): the email is looked up, then
 * the user signs in (login mode), creates an account with a password (sign-up mode) or asks a reset
 * link (forgot-password mode, back to login after 3 seconds). A session is stored like mfe-auth's login.
 */
export const AccountStep = ({
  step,
  emailMessage = MESSAGES.pleaseEnterValidEmail,
}: {
  step: StepName;
  emailMessage?: string;
}) => {
  const { goNext } = useStepNav(step);
  const { dispatch } = useWizard();
  const [mode, setMode] = useState<AccountMode>('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [check, checking] = useCheckUserEmailMutation();
  const [login, loggingIn] = useWizardLoginMutation();
  const [register, registering] = useRegisterAccountMutation();
  const [forgot, forgetting] = useWizardForgotPasswordMutation();
  const busy = checking.isLoading || loggingIn.isLoading || registering.isLoading || forgetting.isLoading;
  const trimmed = email.trim();
  const emailValid = isEmailAddress(trimmed);
  const pwError = tried ? passwordError(mode, password) : undefined;

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => {
      setSent(null);
      setMode('login');
    }, RETURN_TO_LOGIN_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  const submit = async () => {
    setError(null);
    setTried(true);
    if (!emailValid || passwordError(mode, password)) return;
    try {
      if (mode === 'email') {
        const { userExist } = await check(trimmed).unwrap();
        setTried(false);
        setMode(userExist ? 'login' : 'signup');
      } else if (mode === 'forgot') {
        setSent((await forgot({ username: trimmed }).unwrap()).message || MESSAGES.resetEmailSent);
      } else {
        const answer =
          mode === 'login'
            ? await login({ username: trimmed, password }).unwrap()
            : await register({ email: trimmed, password }).unwrap();
        if (answer.challenge === CHALLENGE_NEW_PASSWORD || !answer.token)
          return setError(MESSAGES.setPasswordSent);
        saveLogin(answer);
        dispatch({ type: 'update', patch: { signedInOnAccountStep: true } });
        void goNext();
      }
    } catch (e) {
      setError(queryError(e).message);
    }
  };
  const label = { email: 'Next', login: 'Login', signup: 'Create Account', forgot: 'Submit' }[mode];
  return (
    <StepLayout
      step={step}
      title={
        mode === 'signup' ? 'Create your account' : mode === 'login' ? 'Log in to continue' : 'Your email'
      }
      formId="account-form"
      nextLabel={label}
      busy={busy}
      nextDisabled={!emailValid}
    >
      <form
        id="account-form"
        noValidate
        aria-label="Account"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {sent ? (
          <Alert severity="success" role="status" data-testid="account-reset-sent" sx={{ mb: 2 }}>
            {sent}
          </Alert>
        ) : null}
        {mode === 'signup' ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="account-not-found">
            {MESSAGES.emailNotFound}
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" role="alert" data-testid="account-error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <OutlinedTextField
          id="account-email"
          label="Email"
          type="email"
          autoComplete="username"
          required
          fullWidth
          margin="dense"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value.trimStart());
            if (mode !== 'email' && mode !== 'forgot') setMode('email');
          }}
          error={email !== '' && !emailValid}
          helperText={email !== '' && !emailValid ? emailMessage : ' '}
          slotProps={{ htmlInput: { 'data-testid': 'account-email' } }}
        />
        {mode === 'login' || mode === 'signup' ? (
          <OutlinedTextField
            id="account-password"
            label="Password"
            type="password"
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            required
            fullWidth
            margin="dense"
            value={password}
            onChange={(e) => setPassword(e.target.value.replace(/\s+/g, ''))}
            error={Boolean(pwError)}
            helperText={pwError || (mode === 'signup' ? MESSAGES.passwordHelper : ' ')}
            slotProps={{ htmlInput: { 'data-testid': 'account-password' } }}
          />
        ) : null}
        {mode === 'login' ? (
          <Link
            component="button"
            type="button"
            data-testid="account-forgot"
            onClick={() => setMode('forgot')}
          >
            Forgot password?
          </Link>
        ) : null}
        {mode === 'forgot' ? (
          <Typography>
            We will send a link to reset your password.{' '}
            <Link component="button" type="button" onClick={() => setMode('login')}>
              Back to login
            </Link>
          </Typography>
        ) : null}
      </form>
    </StepLayout>
  );
};

export const CreateAccountStep = () => <AccountStep step="create-account" />;
export default CreateAccountStep;
