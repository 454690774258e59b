import { useState, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { AUTH_API, MESSAGES, type ResendVerificationAnswer } from '@portal/contracts';
import { apiFetch, ApiError } from '@portal/api';
import { getUser, saveUser, subscribe } from '@portal/session';

type Resend = { state: 'idle' | 'sending' } | { state: 'sent' | 'failed'; message: string };

const unprovedNow = () => getUser()?.emailVerified === false;
const emailNow = () => getUser()?.email ?? '';

/**
 * Shown to a signed-in person whose address is not proved yet, where records shared with them would
 * appear and in their settings: nothing shared with the address reaches the account until the link
 * mailed to it is followed. 'Send the link again' mails a new one; if the address turns out proved
 * already (another browser followed the link), the session learns it and the notice goes.
 */
export const EmailConfirmNotice = () => {
  const unproved = useSyncExternalStore(subscribe, unprovedNow, () => false);
  const email = useSyncExternalStore(subscribe, emailNow, () => '');
  const [resend, setResend] = useState<Resend>({ state: 'idle' });
  if (!unproved) return null;

  const sendAgain = async () => {
    setResend({ state: 'sending' });
    try {
      const answer = await apiFetch<ResendVerificationAnswer>(AUTH_API.resendVerification, {
        method: 'POST',
      });
      const user = getUser();
      if (answer.emailVerified && user) saveUser({ ...user, emailVerified: true });
      setResend({ state: 'sent', message: answer.message });
    } catch (e) {
      setResend({
        state: 'failed',
        message: e instanceof ApiError ? e.message : MESSAGES.somethingWentWrong,
      });
    }
  };

  return (
    <Alert severity="warning" role="status" data-testid="email-confirm-notice" sx={{ mb: 2 }}>
      <AlertTitle>{MESSAGES.confirmEmailTitle}</AlertTitle>
      <Typography variant="body2">
        {MESSAGES.confirmEmailNotice}
        {email ? (
          <>
            {' '}
            It went to <strong style={{ overflowWrap: 'break-word' }}>{email}</strong>.
          </>
        ) : null}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 1.5 }}>
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          onClick={() => void sendAgain()}
          disabled={resend.state === 'sending'}
          data-testid="email-confirm-resend"
        >
          {MESSAGES.sendLinkAgain}
        </Button>
        {resend.state === 'sent' ? (
          <Typography variant="body2" data-testid="email-confirm-sent">
            {resend.message}
          </Typography>
        ) : null}
        {resend.state === 'failed' ? (
          <Typography variant="body2" color="error" data-testid="email-confirm-error">
            {resend.message}
          </Typography>
        ) : null}
      </Box>
    </Alert>
  );
};
