import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney, type RequestFee } from '@portal/contracts';
import { queryError } from '@portal/api';
import { paths } from '@portal/session';
import { PageFrame, useToast } from '@portal/ui';
import { browserNavigation } from '../components/browser-navigation';
import { useGetRequestFeeQuery, usePayRequestFeeMutation } from './subscription.api';

const STATUS_TEXT: Record<RequestFee['status'], string> = {
  PENDING: 'Waiting for your payment. The facility starts once it is paid.',
  FAILED: 'Waiting for your payment. The facility starts once it is paid.',
  CLEARING: 'Your payment is under processing. The request goes to the facility once it clears.',
  PAID: 'Paid. The request has gone to the facility.',
};

/**
 * A request's fee (issue 30): what the facility charges, where the payment stands (with the last
 * attempt's message), and Pay on the processor's page while it is owed.
 */
const RequestFeeScreen = () => {
  const { patientRequestId = '' } = useParams();
  const toast = useToast();
  const fee = useGetRequestFeeQuery(patientRequestId, { skip: !patientRequestId });
  const [pay, paying] = usePayRequestFeeMutation();
  const f = fee.data;
  const owed = f && (f.status === 'PENDING' || f.status === 'FAILED');
  const startPayment = async () => {
    try {
      browserNavigation.assign((await pay({ patientRequestId }).unwrap()).url);
    } catch (e) {
      toast.error(queryError(e).message);
    }
  };
  return (
    <PageFrame title="Request fee" testId="auth-request-fee">
      {fee.isLoading ? <LinearProgress aria-label="Loading the fee" /> : null}
      {fee.isError ? (
        <Alert severity="error" data-testid="request-fee-error">
          {queryError(fee.error).message}
        </Alert>
      ) : null}
      {f ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography data-testid="request-fee-amount">
            {f.custodianName} charges {formatMoney(f.amountCents, f.currency)} for your records request.
          </Typography>
          {f.status === 'FAILED' && f.message ? (
            <Alert severity="error" data-testid="request-fee-message">
              {f.message}
            </Alert>
          ) : null}
          <Typography variant="body2" data-testid="request-fee-status">
            {STATUS_TEXT[f.status]}
          </Typography>
          <Stack direction="row" spacing={1}>
            {owed ? (
              <Button
                variant="contained"
                onClick={() => void startPayment()}
                disabled={paying.isLoading}
                data-testid="request-fee-pay"
              >
                Pay {formatMoney(f.amountCents, f.currency)}
              </Button>
            ) : null}
            <Button component={RouterLink} to={paths().openRequests} variant="outlined">
              Back to your requests
            </Button>
          </Stack>
        </Stack>
      ) : null}
    </PageFrame>
  );
};

export default RequestFeeScreen;
