import { useState } from 'react';
import { Route, Routes } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

export const PasswordGate = () => {
  const [password, setPassword] = useState('');
  return (
    <Box sx={{ minHeight: '70vh', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center', p: { xs: 2, sm: 4 } }}>
        <Paper variant="outlined" component="section" sx={{ width: '100%', maxWidth: 460, p: { xs: 2.5, sm: 4 } }} data-testid="viewer-gate">
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
            Enter the password from the patient&apos;s form
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Once the patient is verified, the records can be viewed and downloaded.
          </Typography>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
            }}
          >
            <TextField
              fullWidth
              margin="normal"
              type="password"
              label="Password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'viewer-password' } }}
            />
            <Button type="submit" variant="contained" fullWidth disabled={password === ''} data-testid="viewer-continue">
              Continue
            </Button>
          </form>
        </Paper>
      </Box>
      <Box component="footer" data-testid="viewer-footer" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'center', p: 2, borderTop: 1, borderColor: 'divider' }}>
        <Typography variant="body2">© {new Date().getFullYear()} Patient Portal</Typography>
        <Link href="#about">About</Link>
        <Link href="#terms">Terms of Service</Link>
        <Link href="#privacy">Privacy Policy</Link>
      </Box>
    </Box>
  );
};

export const Root = () => (
  <Routes>
    <Route path="/view/*" element={<PasswordGate />} />
    <Route path="*" element={null} />
  </Routes>
);
