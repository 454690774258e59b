import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES, roleFallback } from '@portal/contracts';
import { queryError } from '@portal/api';
import { activeRole, getRouteTable, getUser, isSignedIn, paths, saveUser } from '@portal/session';
import { EmailConfirmNotice } from '@portal/ui';
import { AuthCard } from '../components/AuthCard';
import { DEAD_LINK } from '../components/dead-link';
import { useVerifyEmailMutation } from './verify-email.api';

type Outcome = { state: 'confirming' } | { state: 'confirmed'; email: string } | { state: 'dead' } | { state: 'failed'; message: string };

const TITLES: Record<Outcome['state'], string> = {
  confirming: 'Confirming your email',
  confirmed: 'Email confirmed',
  dead: MESSAGES.linkNoLongerValid,
  failed: 'Email not confirmed',
};

/**
 * /verify-email?token=…: the link mailed at sign-up. It proves the address once (no session needed);
 * a browser signed in as that account learns it at once. A dead link says so and, signed in, offers a
 * new one.
 */
const VerifyEmailScreen = () => {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [verifyEmail] = useVerifyEmailMutation();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'confirming' });
  // A link works once: a second run of the effect (StrictMode) must not spend it again.
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    if (!token) {
      setOutcome({ state: 'dead' });
      return;
    }
    verifyEmail(token)
      .unwrap()
      .then((answer) => {
        const user = getUser();
        if (user && user.email === answer.email) saveUser({ ...user, emailVerified: true });
        setOutcome({ state: 'confirmed', email: answer.email });
      })
      .catch((e: unknown) => {
        const { status, message } = queryError(e);
        setOutcome(DEAD_LINK.has(status) ? { state: 'dead' } : { state: 'failed', message });
      });
  }, [token, verifyEmail]);

  const signedIn = isSignedIn();
  return (
    <AuthCard title={TITLES[outcome.state]} testId="verify-email-screen">
      {outcome.state === 'confirming' ? <LinearProgress aria-label={MESSAGES.loading} /> : null}
      {outcome.state === 'confirmed' ? (
        <>
          <Alert severity="success" role="status" data-testid="verify-email-confirmed">
            {MESSAGES.emailVerified}
          </Alert>
          <Typography sx={{ mt: 2, overflowWrap: 'break-word' }} data-testid="verify-email-address">
            Records shared with <strong>{outcome.email}</strong> now reach your account.
          </Typography>
        </>
      ) : null}
      {outcome.state === 'dead' ? (
        <>
          <Typography data-testid="verify-email-dead" sx={{ mb: 2 }}>
            {MESSAGES.linkExpiredText}
          </Typography>
          <EmailConfirmNotice />
        </>
      ) : null}
      {outcome.state === 'failed' ? (
        <Alert severity="error" role="alert" data-testid="verify-email-error">
          {outcome.message}
        </Alert>
      ) : null}
      {outcome.state !== 'confirming' ? (
        <Button
          component={RouterLink}
          to={signedIn ? roleFallback(activeRole(), getRouteTable()) : paths().login}
          variant="contained"
          fullWidth
          size="large"
          sx={{ mt: 3 }}
          data-testid="verify-email-continue"
        >
          {signedIn ? 'Go to my records' : 'Go to login'}
        </Button>
      ) : null}
    </AuthCard>
  );
};

export default VerifyEmailScreen;
