import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';

export interface PageFrameProps {
  title: ReactNode;
  /** Buttons or links shown beside the title. */
  actions?: ReactNode;
  children?: ReactNode;
  testId?: string;
  /** A way back shown above the title (pages without the layout's header, e.g. BackButton). */
  back?: ReactNode;
}

/** A page: one h1 title (with optional actions) and its content. */
export const PageFrame = ({ title, actions, children, testId = 'page', back }: PageFrameProps) => (
  <Box
    component="section"
    data-testid={testId}
    sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1200, mx: 'auto', width: '100%', boxSizing: 'border-box' }}
  >
    {back}
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
      <Typography
        component="h1"
        variant="h5"
        data-testid="page-title"
        sx={{ flex: '1 1 auto', fontWeight: 600 }}
      >
        {title}
      </Typography>
      {actions ? <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box> : null}
    </Box>
    {children}
  </Box>
);

/** The text shown when a list has nothing to show. */
export const EmptyState = ({
  text,
  children,
  testId = 'empty-state',
}: {
  text: string;
  children?: ReactNode;
  testId?: string;
}) => (
  <Box data-testid={testId} role="status" sx={{ textAlign: 'center', py: 6, px: 2, color: 'text.secondary' }}>
    <Typography variant="subtitle1" component="p">
      {text}
    </Typography>
    {children}
  </Box>
);

/** Shown in place of a remote that failed to load or crashed; the rest of the portal keeps working. */
export const RemoteFallback = () => (
  <Box sx={{ p: 3 }}>
    <Alert severity="warning" data-testid="remote-fallback">
      {MESSAGES.remoteUnavailable}
    </Alert>
  </Box>
);

export type StatusTone = 'neutral' | 'warning' | 'success' | 'error';

/** Request status tag tones (records spec §4). */
const TONES: Record<Exclude<StatusTone, 'neutral'>, string[]> = {
  warning: [
    'Pending study move',
    'Pending notification',
    'Pending payment',
    'Pending payment clearance',
    'Documents pending',
    'Pending images by External Provider',
    'Pending custodian approval',
  ],
  success: ['Completed', 'Patient verified', 'Uploaded by external provider'],
  error: ['Declined', 'Report not ready', 'Revoked', 'Verification failed'],
};

export const statusTone = (status: string): StatusTone => {
  const s = status.trim().toLowerCase();
  for (const tone of ['warning', 'success', 'error'] as const) {
    if (TONES[tone].some((t) => t.toLowerCase() === s)) return tone;
  }
  return 'neutral';
};

const CHIP_COLOR = { neutral: 'default', warning: 'warning', success: 'success', error: 'error' } as const;

export const StatusTag = ({ status }: { status: string }) => {
  const tone = statusTone(status);
  return (
    <Chip
      size="small"
      label={status}
      color={CHIP_COLOR[tone]}
      variant={tone === 'neutral' ? 'outlined' : 'filled'}
      data-testid="status-tag"
      data-tone={tone}
    />
  );
};
