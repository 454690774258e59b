import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** The centred card of the signed-out screens (login, sign-up, forgot and reset password). */
export const AuthCard = ({
  title,
  testId,
  width = 420,
  children,
}: {
  title: string;
  testId: string;
  width?: number;
  children: ReactNode;
}) => (
  <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, sm: 4 } }}>
    <Paper
      component="section"
      variant="outlined"
      sx={{ width: '100%', maxWidth: width, p: { xs: 2.5, sm: 4 } }}
      data-testid={testId}
    >
      <Typography component="h1" variant="h5" sx={{ mb: 2, fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  </Box>
);
