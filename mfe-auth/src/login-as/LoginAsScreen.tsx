import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';
import { clearSession, paths, saveLogin } from '@portal/session';
import { useToast } from '@portal/ui';
import { AuthCard } from '../components/AuthCard';
import { useLoginWithLinkMutation } from '../login/login.api';
import { roleHome } from './role-home';

/** A page the server named for the link (a facility's one request): a path of this portal only. */
const landingOf = (landing: string | undefined): string | null =>
  landing && /^\/provider\/[\w/-]+$/.test(landing) ? landing : null;

/**
 * /loginAs?token=: a single-use link from support (or the phone sign-in mail) becomes a session and
 * opens the role's page, or the page the link was mailed for (an unlisted facility's request). No token goes to login; a bad one shows 'Invalid token!!!!', clears the
 * stored token and user, and goes to login.
 */
const LoginAsScreen = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const token = params.get('token') ?? '';
  const [loginWithLink] = useLoginWithLinkMutation();
  // The token is single-use: StrictMode's second effect run must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (!token) {
      void navigate(paths().login, { replace: true });
      return;
    }
    if (started.current) return;
    started.current = true;
    loginWithLink(token)
      .unwrap()
      .then(
        (answer) => {
          saveLogin(answer);
          void navigate(landingOf(answer.landing) ?? roleHome(), { replace: true });
        },
        () => {
          toast.error(MESSAGES.invalidLoginAsToken);
          clearSession();
          void navigate(paths().login, { replace: true });
        },
      );
  }, [token, navigate, toast, loginWithLink]);

  return (
    <AuthCard title="Login as user" testId="login-as-screen">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} aria-label="Signing in" />
        <Typography>Signing you in…</Typography>
      </Stack>
    </AuthCard>
  );
};

export default LoginAsScreen;
