import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MESSAGES, type PrintedAccessPage, type ShareDialogProps } from '@portal/contracts';
import { queryError } from '@portal/api';
import { toast } from '@portal/ui';
import { usePrintAccessPageMutation } from '../sharing.api';
import { endOfDay, LinkExpiryField } from './LinkExpiryField';

/**
 * The Print Access Page tab (records spec §2.5): a new password link to the record's images and a PDF to
 * print and hand to the provider (made in the browser with pdf-lib, loaded on demand). The link and its
 * password also show here once.
 */
export const PrintTab = ({ record }: Pick<ShareDialogProps, 'record'>) => {
  const [print, state] = usePrintAccessPageMutation();
  const [expiry, setExpiry] = useState('');
  const [made, setMade] = useState<PrintedAccessPage | null>(null);
  const make = async () => {
    // Opened before the wait so the browser lets it through (it is the click's window).
    const view = window.open('', '_blank');
    try {
      const page = await print({
        patientRequestId: record.patientRequestId,
        studyUid: record.studyUid,
        expiresAt: endOfDay(expiry),
      }).unwrap();
      setMade(page);
      const { accessPagePdf } = await import('./access-page-pdf');
      const url = URL.createObjectURL(
        new Blob([(await accessPagePdf(page)) as BlobPart], { type: 'application/pdf' }),
      );
      if (view) view.location.href = url;
    } catch (e) {
      view?.close();
      toast.error(queryError(e).message, 'print-access-page');
    }
  };
  return (
    <Box data-testid="share-tab-print-access-page-panel" sx={{ display: 'grid', gap: 2 }}>
      <Typography>{MESSAGES.printAccessPageInstruction}</Typography>
      <LinkExpiryField value={expiry} onChange={setExpiry} testId="print-expiry" />
      <Box>
        <Button
          variant="contained"
          onClick={() => void make()}
          disabled={state.isLoading}
          data-testid="print-access-page"
        >
          Print Access Page
        </Button>
      </Box>
      {made ? (
        <Alert severity="success" data-testid="print-access-made">
          <Typography variant="body2">
            Link: <span data-testid="print-access-link">{made.link.url}</span>
          </Typography>
          <Typography variant="body2">
            Password: <strong data-testid="print-access-password">{made.password}</strong>
          </Typography>
        </Alert>
      ) : null}
    </Box>
  );
};
