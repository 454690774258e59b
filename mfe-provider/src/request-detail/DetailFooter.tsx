import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { FooterKind } from './footer';

export interface DetailFooterProps {
  kind: FooterKind;
  busy: boolean;
  onCancel: () => void;
  onSubmitRecords: () => void;
  onRecordNotAvailable: () => void;
  onCancelRejection: () => void;
}

/** The footer exactly as records spec §4 has it: Cancel, and Cancel rejection, Submit records, or Record not available with a disabled Submit. */
export const DetailFooter = ({
  kind,
  busy,
  onCancel,
  onSubmitRecords,
  onRecordNotAvailable,
  onCancelRejection,
}: DetailFooterProps) => (
  <Box
    data-testid="provider-footer"
    sx={{
      display: 'flex',
      gap: 1,
      justifyContent: 'flex-end',
      flexWrap: 'wrap',
      borderTop: 1,
      borderColor: 'divider',
      pt: 2,
      mt: 3,
    }}
  >
    <Button onClick={onCancel} data-testid="provider-cancel">
      Cancel
    </Button>
    {kind === 'rejected' ? (
      <Button
        variant="contained"
        disabled={busy}
        onClick={onCancelRejection}
        data-testid="provider-cancel-rejection"
      >
        Cancel rejection
      </Button>
    ) : null}
    {kind === 'not-available' ? (
      <Button
        variant="outlined"
        color="error"
        disabled={busy}
        onClick={onRecordNotAvailable}
        data-testid="provider-record-not-available"
      >
        Record not available
      </Button>
    ) : null}
    {kind === 'submit' || kind === 'not-available' ? (
      <Button
        variant="contained"
        disabled={busy || kind !== 'submit'}
        onClick={onSubmitRecords}
        data-testid="provider-submit-records"
      >
        Submit records
      </Button>
    ) : null}
  </Box>
);
