import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { MESSAGES } from '@portal/contracts';
import { PageFrame } from '@portal/ui';

export interface SettingsPageProps {
  title: string;
  testId: string;
  /** Widest the panel grows on a large screen, in px. */
  maxWidth: number;
  /** For a page that loads first: its content shows once ready, a bar until then, the failure if it failed. */
  load?: { ready: boolean; error?: { message?: string } };
  children: ReactNode;
}

/** A settings page: its title and one outlined panel. */
export const SettingsPage = ({
  title,
  testId,
  maxWidth,
  load = { ready: true },
  children,
}: SettingsPageProps) => (
  <PageFrame title={title} testId={testId}>
    <Paper variant="outlined" sx={{ px: { xs: 2, sm: 3 }, py: 2, maxWidth }}>
      {load.ready ? (
        children
      ) : load.error ? (
        <Alert severity="error" data-testid={`${testId}-load-error`}>
          {load.error.message}
        </Alert>
      ) : (
        <LinearProgress aria-label={MESSAGES.loading} />
      )}
    </Paper>
  </PageFrame>
);
