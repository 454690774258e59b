import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One labelled fact of a request or record (label above, value below; a dash when empty). */
export const Fact = ({ label, children, testId }: { label: string; children: ReactNode; testId: string }) => (
  <Box sx={{ mb: 1.5 }}>
    <Typography variant="caption" color="text.secondary" component="p">
      {label}
    </Typography>
    <Typography variant="body2" component="div" data-testid={testId}>
      {children || '—'}
    </Typography>
  </Box>
);
