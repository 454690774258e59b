import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES, roleFallback } from '@portal/contracts';
import { activeRole, getRouteTable, getUser, isSignedIn, paths, saveUser } from '@portal/session';
import { EmailConfirmNotice } from '@portal/ui';
import { AuthCard } from '../components/AuthCard';
import { useMailedLink } from '../components/useMailedLink';
import { useVerifyEmailMutation } from './verify-email.api';

const TITLES = {
  confirming: 'Confirming your email',
  done: 'Email confirmed',
  dead: MESSAGES.linkNoLongerValid,
  failed: 'Email not confirmed',
};

/**
 * /verify-email?token=…: the link mailed at sign-up. It proves the address once (no session needed);
 * a browser signed in as that account learns it at once. A dead link says so and, signed in, offers a
 * new one.
 */
/** A browser signed in as the account that proved its address learns it at once. */
const learnProof = ({ email }: { email: string }) => {
  const user = getUser();
  if (user && user.email === email) saveUser({ ...user, emailVerified: true });
};

const VerifyEmailScreen = () => {
  const [verifyEmail] = useVerifyEmailMutation();
  const outcome = useMailedLink(verifyEmail, learnProof);

  const signedIn = isSignedIn();
  return (
    <AuthCard title={TITLES[outcome.state]} testId="verify-email-screen">
      {outcome.state === 'confirming' ? <LinearProgress aria-label={MESSAGES.loading} /> : null}
      {outcome.state === 'done' ? (
        <>
          <Alert severity="success" role="status" data-testid="verify-email-confirmed">
            {MESSAGES.emailVerified}
          </Alert>
          <Typography sx={{ mt: 2, overflowWrap: 'break-word' }} data-testid="verify-email-address">
            Records shared with <strong>{outcome.answer.email}</strong> now reach your account.
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
