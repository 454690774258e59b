import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { skipToken } from '@reduxjs/toolkit/query';
import { BILLING_MESSAGES } from '@portal/contracts';
import { ownPersonId } from '@portal/session';
import { useGetRecordsInitQuery } from '../record-view/record-view.api';

/** The subscription remote's page (issue 30), where the plan is renewed and the card fixed. */
const SUBSCRIPTION_PAGE = '/subscription';

/**
 * The library's word on the storage plan (issue 30, decision 0031): a failed renewal asks for a new card;
 * a lapsed plan says new uploads are paused and that everything stored stays the patient's. Nothing else
 * on the page changes: viewing, downloading and sharing never depend on the plan.
 */
export const StorageNotice = ({ skip }: { skip: boolean }) => {
  const init = useGetRecordsInitQuery(skip ? skipToken : ownPersonId());
  const storage = init.data?.storage;
  if (!storage) return null;
  const link = (label: string, testId: string) => (
    <Button component={RouterLink} to={SUBSCRIPTION_PAGE} color="inherit" size="small" data-testid={testId}>
      {label}
    </Button>
  );
  return (
    <>
      {storage.pastDue ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          data-testid="records-past-due"
          action={link('Update card', 'records-fix-card')}
        >
          {BILLING_MESSAGES.pastDue}
        </Alert>
      ) : null}
      {!storage.open ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          data-testid="records-storage-paused"
          action={link('Subscription', 'records-renew')}
        >
          {BILLING_MESSAGES.storagePaused}
        </Alert>
      ) : null}
    </>
  );
};
