import type { KeyboardEvent, MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import { REQUEST_STATUS, requestFeePagePath } from '@portal/contracts';
import { isActing } from '@portal/session';

/** Issue 30: the status whose request waits for the patient to pay the facility's fee. */
export const PAY_FEE_STATUS = REQUEST_STATUS.PENDING_PAYMENT;

/**
 * 'Pay fee' (issue 30) on a request in 'Pending payment': the billing page of the auth remote, reached
 * as the other remotes' pages are (an absolute path of the shell's route table). Not while a coordinator
 * acts for the patient (the payment page is the patient's own); 'Pending payment clearance' shows none.
 */
export const PayFeeButton = ({
  patientRequestId,
  facilityName,
  status,
}: {
  patientRequestId: string;
  facilityName: string;
  status: string;
}) =>
  status === PAY_FEE_STATUS && !isActing() ? (
    <Button
      size="small"
      variant="contained"
      color="warning"
      component={RouterLink}
      to={requestFeePagePath(patientRequestId)}
      data-testid="pay-request-fee"
      aria-label={`Pay the fee of ${facilityName}`}
      onClick={(e: MouseEvent) => e.stopPropagation()}
      onKeyDown={(e: KeyboardEvent) => e.stopPropagation()}
    >
      Pay fee
    </Button>
  ) : null;
