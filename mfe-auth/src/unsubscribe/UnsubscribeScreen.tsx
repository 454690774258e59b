import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';
import { queryError } from '@portal/api';
import { isSignedIn, paths } from '@portal/session';
import { AuthCard } from '../components/AuthCard';
import { roleHome } from '../login-as/role-home';
import { useUnsubscribeMutation } from './unsubscribe.api';

const BotCheck = lazy(() => import('./BotCheck'));

type Phase = 'check' | 'confirm' | 'sending' | 'done' | 'failed';

/**
 * /unsubscribe/{id}: the id (from the mail) carries the address. A bot check first, then Confirm or
 * Cancel; 'OK' from the server means opted out, any other answer 'Invalid token'.
 */
const UnsubscribeScreen = () => {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [unsubscribe] = useUnsubscribeMutation();
  const [phase, setPhase] = useState<Phase>('check');
  const [payload, setPayload] = useState('');
  const [error, setError] = useState('');
  const signedIn = isSignedIn();
  // Cancel, and the button after opting out, go home when signed in, else to login.
  const leave = () => void navigate(signedIn ? roleHome() : paths().login);

  const confirm = async () => {
    setPhase('sending');
    try {
      const answer = await unsubscribe({ email: id, recaptchaToken: payload }).unwrap();
      if (answer !== 'OK') throw new Error(MESSAGES.invalidToken);
      setPhase('done');
    } catch (e) {
      // A refused bot check says so in the server's words; every other answer is 'Invalid token'.
      const { message } = queryError(e);
      setError(message === MESSAGES.recaptchaFailed ? message : MESSAGES.invalidToken);
      setPhase('failed');
    }
  };

  if (phase === 'done') {
    return (
      <AuthCard title={MESSAGES.optedOut} testId="unsubscribe-done">
        <Typography sx={{ mb: 3 }}>{MESSAGES.optedOutText}</Typography>
        <Button variant="contained" onClick={leave} data-testid="unsubscribe-leave">
          {signedIn ? 'Home' : 'Login'}
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Unsubscribe" testId="unsubscribe-screen">
      {phase === 'check' ? (
        <Stack spacing={2}>
          <Typography>Please confirm you are not a robot.</Typography>
          <Suspense fallback={<CircularProgress size={24} aria-label="Loading" />}>
            <BotCheck
              onVerified={(p) => {
                setPayload(p);
                setPhase('confirm');
              }}
              onUnavailable={() => {
                setError(MESSAGES.recaptchaUnavailable);
                setPhase('failed');
              }}
            />
          </Suspense>
        </Stack>
      ) : null}
      {phase === 'confirm' || phase === 'sending' ? (
        <Stack spacing={3}>
          <Typography data-testid="unsubscribe-question">{MESSAGES.unsubscribeQuestion}</Typography>
          <Stack direction="row" spacing={2}>
            <Button
              variant="contained"
              onClick={() => void confirm()}
              disabled={phase === 'sending'}
              data-testid="unsubscribe-confirm"
            >
              Confirm
            </Button>
            <Button onClick={leave} data-testid="unsubscribe-cancel">
              Cancel
            </Button>
          </Stack>
        </Stack>
      ) : null}
      {phase === 'failed' ? (
        <Stack spacing={2}>
          <Alert severity="error" data-testid="unsubscribe-error">
            {error}
          </Alert>
          <Button onClick={leave} data-testid="unsubscribe-leave">
            {signedIn ? 'Home' : 'Login'}
          </Button>
        </Stack>
      ) : null}
    </AuthCard>
  );
};

export default UnsubscribeScreen;
