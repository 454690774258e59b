import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';
import { queryError } from '@portal/api';
import { clearSession, paths } from '@portal/session';
import { AuthCard } from '../components/AuthCard';
import { DEAD_LINK } from '../components/dead-link';
import { useConfirmEmailUpdateMutation } from './settings.api';

type Outcome =
  { state: 'confirming' } | { state: 'updated'; email: string } | { state: 'failed'; message: string };


/**
 * /email-updated-success?token=…: the link mailed to the new address. It confirms the change once;
 * the server has then ended every session, so this browser's is cleared and the user signs in again.
 */
const EmailUpdatedScreen = () => {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [confirmEmailUpdate] = useConfirmEmailUpdateMutation();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'confirming' });
  // A link works once: a second run of the effect (StrictMode) must not spend it again.
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    if (!token) {
      navigate(paths().linkExpired, { replace: true });
      return;
    }
    confirmEmailUpdate(token)
      .unwrap()
      .then((answer) => {
        clearSession();
        setOutcome({ state: 'updated', email: answer.email });
      })
      .catch((e: unknown) => {
        const { status, message } = queryError(e);
        if (DEAD_LINK.has(status)) navigate(paths().linkExpired, { replace: true });
        else setOutcome({ state: 'failed', message });
      });
  }, [token, navigate, confirmEmailUpdate]);

  if (outcome.state === 'confirming') {
    return (
      <AuthCard title="Confirming your email" testId="email-updated-screen">
        <LinearProgress aria-label={MESSAGES.loading} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={outcome.state === 'updated' ? 'Email updated' : 'Email not updated'}
      testId="email-updated-screen"
    >
      {outcome.state === 'updated' ? (
        <>
          <Alert severity="success" role="status" data-testid="email-updated-message">
            {MESSAGES.emailUpdated}
          </Alert>
          {outcome.email ? (
            <Typography sx={{ mt: 2, overflowWrap: 'anywhere' }} data-testid="email-updated-email">
              Your new email: <strong>{outcome.email}</strong>
            </Typography>
          ) : null}
        </>
      ) : (
        <Alert severity="error" role="alert" data-testid="email-updated-error">
          {outcome.message}
        </Alert>
      )}
      <Button
        component={RouterLink}
        to={paths().login}
        variant="contained"
        fullWidth
        size="large"
        sx={{ mt: 3 }}
        data-testid="email-updated-login"
      >
        Go to login
      </Button>
    </AuthCard>
  );
};

export default EmailUpdatedScreen;
