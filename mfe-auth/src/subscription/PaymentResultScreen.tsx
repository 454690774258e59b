import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import {
  groupSeatsPage,
  requestFeePagePath,
  type PaymentOutcome,
  type TransactionResult,
} from '@portal/contracts';
import { queryError } from '@portal/api';
import { paths } from '@portal/session';
import { PageFrame } from '@portal/ui';
import { useFinishTransactionMutation } from './subscription.api';

const SEVERITY: Record<PaymentOutcome, 'success' | 'info' | 'error'> = {
  succeeded: 'success',
  processing: 'info',
  failed: 'error',
};
/** While a payment settles, the outcome is asked again this often, so the page moves on by itself. */
const POLL_MS = 3000;

/** Where to go after the payment, by what it paid for. */
const NextLink = ({ r }: { r: TransactionResult }) =>
  r.purpose === 'request-fee' && r.patientRequestId ? (
    r.outcome === 'failed' ? (
      <Button
        component={RouterLink}
        to={requestFeePagePath(r.patientRequestId)}
        variant="contained"
        data-testid="payment-retry"
      >
        Try again
      </Button>
    ) : (
      <Button component={RouterLink} to={paths().openRequests} variant="contained" data-testid="payment-next">
        Back to your requests
      </Button>
    )
  ) : r.purpose === 'group-seats' && r.groupId ? (
    <Button
      component={RouterLink}
      to={groupSeatsPage(r.groupId)}
      variant="contained"
      data-testid="payment-next"
    >
      Back to the group’s seats
    </Button>
  ) : (
    <Button component={RouterLink} to="/subscription" variant="contained" data-testid="payment-next">
      Back to Subscription
    </Button>
  );

/**
 * Back from the processor's page (records spec §4 outcomes): the payment succeeded (it may take time to
 * reflect), is under processing (asked again until it settles), or was not successful.
 */
const PaymentResultScreen = () => {
  const [params] = useSearchParams();
  const transactionId = params.get('transaction') ?? '';
  const [finish, state] = useFinishTransactionMutation();
  useEffect(() => {
    if (transactionId) void finish({ transactionId });
  }, [transactionId, finish]);
  const outcome = state.data?.outcome;
  useEffect(() => {
    if (outcome !== 'processing') return;
    const t = setTimeout(() => void finish({ transactionId }), POLL_MS);
    return () => clearTimeout(t);
  }, [outcome, state.data, transactionId, finish]);
  return (
    <PageFrame title="Payment" testId="auth-payment-result">
      {!state.data && !state.isError ? <LinearProgress aria-label="Asking how the payment went" /> : null}
      {state.isError || !transactionId ? (
        <Alert severity="error" data-testid="payment-error">
          {transactionId ? queryError(state.error).message : 'This payment could not be found'}
        </Alert>
      ) : null}
      {state.data ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert
            severity={SEVERITY[state.data.outcome]}
            data-testid="payment-outcome"
            data-outcome={state.data.outcome}
          >
            {state.data.message}
          </Alert>
          <NextLink r={state.data} />
        </Stack>
      ) : null}
    </PageFrame>
  );
};

export default PaymentResultScreen;
