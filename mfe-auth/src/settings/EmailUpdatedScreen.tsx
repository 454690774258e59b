import { useEffect } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';
import { clearSession, paths } from '@portal/session';
import { AuthCard } from '../components/AuthCard';
import { useMailedLink } from '../components/useMailedLink';
import { useConfirmEmailUpdateMutation } from './settings.api';

/**
 * /email-updated-success?token=…: the link mailed to the new address. It confirms the change once;
 * the server has then ended every session, so this browser's is cleared and the user signs in again.
 */
const EmailUpdatedScreen = () => {
  const navigate = useNavigate();
  const [confirmEmailUpdate] = useConfirmEmailUpdateMutation();
  const outcome = useMailedLink(confirmEmailUpdate, clearSession);

  useEffect(() => {
    if (outcome.state === 'dead') void navigate(paths().linkExpired, { replace: true });
  }, [outcome.state, navigate]);

  if (outcome.state === 'confirming' || outcome.state === 'dead') {
    return (
      <AuthCard title="Confirming your email" testId="email-updated-screen">
        <LinearProgress aria-label={MESSAGES.loading} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={outcome.state === 'done' ? 'Email updated' : 'Email not updated'}
      testId="email-updated-screen"
    >
      {outcome.state === 'done' ? (
        <>
          <Alert severity="success" role="status" data-testid="email-updated-message">
            {MESSAGES.emailUpdated}
          </Alert>
          {outcome.answer.email ? (
            <Typography sx={{ mt: 2, overflowWrap: 'anywhere' }} data-testid="email-updated-email">
              Your new email: <strong>{outcome.answer.email}</strong>
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
