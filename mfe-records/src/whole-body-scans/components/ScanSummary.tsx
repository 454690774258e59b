import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MESSAGES, type WholeBodyScan } from '@portal/contracts';
import { scanDate } from '../scan-view';

/** Under the title: the patient's first and last name, the scan date and facility, and the note (records spec §2.9). */
export const ScanSummary = ({ scan }: { scan: WholeBodyScan }) => (
  <Box sx={{ mb: 2 }} data-testid="wbs-summary">
    <Typography sx={{ fontWeight: 600 }} data-testid="wbs-patient">
      {scan.patient.first_name} {scan.patient.last_name}
    </Typography>
    <Typography variant="body2" color="text.secondary">
      Scan date <span data-testid="wbs-scan-date">{scanDate(scan.scan_date)}</span> · {scan.organization.name}
      {scan.prior_scan ? ` · compared with the scan of ${scanDate(scan.prior_scan.scan_date)}` : ''}
    </Typography>
    <Alert severity="info" role="note" sx={{ mt: 1.5 }} data-testid="wbs-note">
      {MESSAGES.wholeBodyScanNote}
    </Alert>
  </Box>
);

/** Two columns from desktop width up, one under the other below it. */
export const twoColumns = (columns: string) => ({
  display: 'grid',
  gap: 3,
  alignItems: 'start',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: columns },
});

/** A titled part of a screen. */
export const Section = ({
  title,
  testId,
  order,
  children,
}: {
  title: string;
  testId?: string;
  /** Its place when the columns of the screen stack (flex order). */
  order?: number;
  children: ReactNode;
}) => (
  <Box component="section" data-testid={testId} sx={{ minWidth: 0, order }}>
    <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Box>
);
