import Alert from '@mui/material/Alert';
import { requestFeeNotice } from '@portal/contracts';
import { useFacility } from './useFacility';
import { useWizard } from './WizardContext';

/**
 * Issue 30: before submitting, what the chosen facility charges for a records request and when it is
 * paid (after submitting; the facility starts once it is). None for a facility that charges nothing, nor
 * for a request its own staff raise (no fee is asked of those).
 */
export const RequestFeeNotice = () => {
  const { route } = useWizard();
  const { data: init } = useFacility();
  const fee = init?.custodian.requestFee;
  if (!init || !fee || route.providerRequest) return null;
  return (
    <Alert severity="info" data-testid="request-fee-notice" sx={{ mb: 2 }}>
      {requestFeeNotice(init.custodian.name, fee)}
    </Alert>
  );
};
