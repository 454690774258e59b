import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  /** The confirming button's label (the action, e.g. 'Revoke'). */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the action runs: the confirming button is disabled. */
  busy?: boolean;
  testId?: string;
}

/** Asks before an action that cannot be undone: Cancel, or the action in the error colour. */
export const ConfirmDialog = ({
  open,
  title,
  text,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  testId = 'confirm-dialog',
}: ConfirmDialogProps) => (
  <Dialog
    open={open}
    onClose={onCancel}
    aria-labelledby={`${testId}-title`}
    aria-describedby={`${testId}-text`}
    data-testid={testId}
  >
    <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
    <DialogContent>
      <DialogContentText id={`${testId}-text`} data-testid={`${testId}-text`}>
        {text}
      </DialogContentText>
    </DialogContent>
    <DialogActions>
      <Button onClick={onCancel} data-testid={`${testId}-cancel`}>
        Cancel
      </Button>
      <Button
        color="error"
        variant="contained"
        onClick={onConfirm}
        disabled={busy}
        data-testid={`${testId}-confirm`}
      >
        {confirmLabel}
      </Button>
    </DialogActions>
  </Dialog>
);
