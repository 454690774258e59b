import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';

/**
 * The password gate (records spec §2.7): Continue is disabled while the password is empty; a failed
 * validation marks the field invalid with the server's message.
 */
export const PasswordGate = ({
  error,
  busy,
  onSubmit,
}: {
  error: string | null;
  busy: boolean;
  onSubmit: (password: string) => void;
}) => {
  const [password, setPassword] = useState('');
  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ width: '100%', maxWidth: 460, p: { xs: 2.5, sm: 4 } }}
      data-testid="viewer-gate"
    >
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
        {MESSAGES.viewerPasswordTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {MESSAGES.viewerPasswordSubText}
      </Typography>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (password) onSubmit(password);
        }}
      >
        <TextField
          fullWidth
          margin="normal"
          type="password"
          label="Password"
          autoComplete="off"
          value={password}
          error={Boolean(error)}
          helperText={error ?? ' '}
          onChange={(e) => setPassword(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'viewer-password', 'aria-invalid': Boolean(error) } }}
        />
        <Button
          type="submit"
          variant="contained"
          fullWidth
          disabled={password === '' || busy}
          data-testid="viewer-continue"
        >
          Continue
        </Button>
      </form>
    </Paper>
  );
};
