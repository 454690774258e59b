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
  const notices: Array<{
    severity: 'error' | 'warning';
    text: string;
    testId: string;
    action: [string, string];
  }> = [
    ...(storage.pastDue
      ? [
          {
            severity: 'error' as const,
            text: BILLING_MESSAGES.pastDue,
            testId: 'records-past-due',
            action: ['Update card', 'records-fix-card'] as [string, string],
          },
        ]
      : []),
    ...(!storage.open
      ? [
          {
            severity: 'warning' as const,
            text: BILLING_MESSAGES.storagePaused,
            testId: 'records-storage-paused',
            action: ['Subscription', 'records-renew'] as [string, string],
          },
        ]
      : []),
  ];
  return (
    <>
      {notices.map((n) => (
        <Alert
          key={n.testId}
          severity={n.severity}
          sx={{ mb: 2 }}
          data-testid={n.testId}
          action={
            <Button
              component={RouterLink}
              to={SUBSCRIPTION_PAGE}
              color="inherit"
              size="small"
              data-testid={n.action[1]}
            >
              {n.action[0]}
            </Button>
          }
        >
          {n.text}
        </Alert>
      ))}
    </>
  );
};
