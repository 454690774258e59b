import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { formatMoney, type ProrationPreview, type StoragePlan, type StoragePlanId } from '@portal/contracts';
import { queryError } from '@portal/api';
import { usePreviewPlanChangeMutation } from './subscription.api';

/** What the change costs now, the processor's own proration: each line, then due now or the credit kept. */
const PreviewLines = ({ p }: { p: ProrationPreview }) => (
  <div data-testid="change-plan-preview">
    {p.lines.map((l, i) => (
      <Typography key={i} variant="body2">
        {l.description}: {formatMoney(l.amountCents, p.currency)}
      </Typography>
    ))}
    <Typography variant="subtitle1" sx={{ mt: 1, fontWeight: 600 }} data-testid="change-plan-due">
      {p.creditCents > 0
        ? `No charge now. ${formatMoney(p.creditCents, p.currency)} is kept as credit for your next payments.`
        : `Charged now: ${formatMoney(p.amountDueNowCents, p.currency)}`}
    </Typography>
  </div>
);

/**
 * Change plan: choose another plan, see what it costs now (asked of the processor each time the choice
 * changes), then confirm. Nothing changes before Confirm.
 */
export const ChangePlanDialog = ({
  open,
  plans,
  current,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  plans: StoragePlan[];
  current: StoragePlanId | undefined;
  busy: boolean;
  onConfirm: (planId: StoragePlanId) => void;
  onClose: () => void;
}) => {
  const others = plans.filter((p) => p.id !== current);
  const [choice, setChoice] = useState<StoragePlanId | undefined>(others[0]?.id);
  const [preview, previewState] = usePreviewPlanChangeMutation();
  useEffect(() => {
    if (open && choice) void preview({ planId: choice });
  }, [open, choice, preview]);
  const shown = previewState.data?.planId === choice ? previewState.data : undefined;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="change-plan-title"
      data-testid="change-plan-dialog"
    >
      <DialogTitle id="change-plan-title">Change plan</DialogTitle>
      <DialogContent>
        <RadioGroup
          aria-label="Plan"
          value={choice ?? ''}
          onChange={(e) => setChoice(e.target.value as StoragePlanId)}
        >
          {others.map((p) => (
            <FormControlLabel
              key={p.id}
              value={p.id}
              control={<Radio />}
              label={`${p.name} (${p.storage}), ${formatMoney(p.amountCents, p.currency)} a month`}
              data-testid={`change-plan-${p.id}`}
            />
          ))}
        </RadioGroup>
        {previewState.isLoading ? <LinearProgress aria-label="Working out the cost" /> : null}
        {previewState.isError ? (
          <Alert severity="error" data-testid="change-plan-error">
            {queryError(previewState.error).message}
          </Alert>
        ) : null}
        {shown ? <PreviewLines p={shown} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!shown || busy}
          onClick={() => choice && onConfirm(choice)}
          data-testid="change-plan-confirm"
        >
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
};
