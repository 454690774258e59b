import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MESSAGES, type SmartFhirStudyRow } from '@portal/contracts';
import { confirmText } from './smart-fhir.rules';

/**
 * Asks before a request is made from a study (records spec §2.10). The row stays in the dialog while
 * it closes, so its text does not blank out during the closing transition.
 */
export const ConfirmRequestDialog = ({
  asking,
  busy,
  onConfirm,
  onCancel,
}: {
  /** The row asked about; null closes the dialog. */
  asking: SmartFhirStudyRow | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) => {
  const [row, setRow] = useState(asking);
  if (asking && asking !== row) setRow(asking);
  return (
    <Dialog
      open={asking !== null}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="smart-fhir-confirm-title"
      aria-describedby="smart-fhir-confirm-text"
      data-testid="smart-fhir-confirm"
    >
      <DialogTitle id="smart-fhir-confirm-title">Request this study</DialogTitle>
      <DialogContent id="smart-fhir-confirm-text">
        {row ? (
          <>
            <DialogContentText data-testid="smart-fhir-confirm-text">{confirmText(row)}</DialogContentText>
            {row.can_move ? (
              <DialogContentText sx={{ mt: 1 }} data-testid="smart-fhir-confirm-move">
                {MESSAGES.smartFhirCanMove}
              </DialogContentText>
            ) : null}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} data-testid="smart-fhir-confirm-cancel">
          Cancel
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy} data-testid="smart-fhir-confirm-ok">
          Request
        </Button>
      </DialogActions>
    </Dialog>
  );
};
