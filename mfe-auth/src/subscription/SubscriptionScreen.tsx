import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import {
  BILLING_MESSAGES,
  formatMoney,
  type StoragePlanId,
  type SubscriptionOverview,
} from '@portal/contracts';
import { queryError } from '@portal/api';
import { ConfirmDialog, PageFrame, useErrorToast, useToast } from '@portal/ui';
import { browserNavigation } from '../components/browser-navigation';
import { formatDay } from '../components/when';
import { ChangePlanDialog } from './ChangePlanDialog';
import { PlanChooser } from './PlanChooser';
import { PlanStatusCard } from './PlanStatusCard';
import { ReceiptsList } from './ReceiptsList';
import {
  useChangePlanMutation,
  useDownloadReceiptMutation,
  useGetPlansQuery,
  useGetReceiptsQuery,
  useGetSubscriptionQuery,
  useSetPlanEndingMutation,
  useSubscribeMutation,
  useUpdatePaymentMethodMutation,
} from './subscription.api';

/** The banners of a plan that needs something: a failed renewal, a lapsed plan, a first payment settling, an end date. */
const PlanNotices = ({
  s,
  onFixCard,
  onResume,
  busy,
}: {
  s: SubscriptionOverview;
  onFixCard: () => void;
  onResume: () => void;
  busy: boolean;
}) => (
  <Stack spacing={1} sx={{ mb: 2 }}>
    {s.pastDue ? (
      <Alert
        severity="error"
        data-testid="subscription-past-due"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={onFixCard}
            disabled={busy}
            data-testid="subscription-fix-card"
          >
            Update card
          </Button>
        }
      >
        {BILLING_MESSAGES.pastDue} {formatMoney(s.pastDue.amountDueCents, s.pastDue.currency)} is due.
        {s.pastDue.nextAttemptAt ? ` We will try again on ${formatDay(s.pastDue.nextAttemptAt)}.` : ''}
      </Alert>
    ) : null}
    {!s.storageOpen ? (
      <Alert severity="warning" data-testid="subscription-storage-paused">
        {BILLING_MESSAGES.storagePaused}
      </Alert>
    ) : null}
    {s.state === 'processing' ? (
      <Alert severity="info" data-testid="subscription-processing">
        {BILLING_MESSAGES.paymentProcessing}
      </Alert>
    ) : null}
    {s.cancelAtPeriodEnd ? (
      <Alert
        severity="info"
        data-testid="subscription-ending"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={onResume}
            disabled={busy}
            data-testid="subscription-resume"
          >
            Resume
          </Button>
        }
      >
        Your plan ends on {formatDay(s.endsAt)}. Until then everything works as it does now.
      </Alert>
    ) : null}
  </Stack>
);

/**
 * The Subscription page (records spec §2.10; issue 30): Active or Not active, the last and next billing
 * dates, plan, card, receipts; subscribe, change plan (the proration shown first), cancel at the
 * period's end in two clicks, resume, fix the card. Paying happens on the processor's own page.
 */
const SubscriptionScreen = () => {
  const toast = useToast();
  const sub = useGetSubscriptionQuery();
  const plans = useGetPlansQuery();
  const receipts = useGetReceiptsQuery();
  const [subscribe, subscribing] = useSubscribeMutation();
  const [changePlan, changing] = useChangePlanMutation();
  const [setEnding, ending] = useSetPlanEndingMutation();
  const [fixCard, fixing] = useUpdatePaymentMethodMutation();
  const [download, downloading] = useDownloadReceiptMutation();
  const [dialog, setDialog] = useState<'change' | 'cancel' | null>(null);
  useErrorToast(sub.error ?? plans.error ?? receipts.error ?? downloading.error ?? null);

  const goPay = async (start: Promise<{ url: string }>) => {
    try {
      browserNavigation.assign((await start).url);
    } catch (e) {
      toast.error(queryError(e).message);
    }
  };
  const act = async (work: Promise<unknown>, done: string) => {
    try {
      await work;
      toast.success(done);
    } catch (e) {
      toast.error(queryError(e).message);
    }
    setDialog(null);
  };

  const s = sub.data;
  const busy = subscribing.isLoading || changing.isLoading || ending.isLoading || fixing.isLoading;
  const canChoose = s && (s.state === 'none' || s.state === 'lapsed');
  const live = s && (s.state === 'active' || s.state === 'past_due');
  return (
    <PageFrame title="Subscription" testId="auth-subscription">
      {sub.isLoading ? <LinearProgress aria-label="Loading your plan" /> : null}
      {s ? (
        <>
          <PlanNotices
            s={s}
            busy={busy}
            onFixCard={() => void goPay(fixCard().unwrap())}
            onResume={() => void act(setEnding('resume').unwrap(), 'Your plan keeps renewing')}
          />
          <PlanStatusCard s={s} />
          {live ? (
            <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
              <Button
                variant="outlined"
                onClick={() => setDialog('change')}
                disabled={busy}
                data-testid="subscription-change-plan"
              >
                Change plan
              </Button>
              <Button
                variant="outlined"
                onClick={() => void goPay(fixCard().unwrap())}
                disabled={busy}
                data-testid="subscription-update-card"
              >
                Update card
              </Button>
              {!s.cancelAtPeriodEnd ? (
                <Button
                  color="error"
                  variant="outlined"
                  onClick={() => setDialog('cancel')}
                  disabled={busy}
                  data-testid="subscription-cancel"
                >
                  Cancel plan
                </Button>
              ) : null}
            </Stack>
          ) : null}
          {canChoose && plans.data ? (
            <PlanChooser
              plans={plans.data}
              busy={busy}
              onChoose={(planId: StoragePlanId) => void goPay(subscribe({ planId }).unwrap())}
            />
          ) : null}
          <ReceiptsList receipts={receipts.data ?? []} onDownload={(r) => void download(r)} />
          {dialog === 'change' && plans.data ? (
            <ChangePlanDialog
              open
              plans={plans.data}
              current={s.plan?.id}
              busy={changing.isLoading}
              onClose={() => setDialog(null)}
              onConfirm={(planId) => void act(changePlan({ planId }).unwrap(), 'Your plan was changed')}
            />
          ) : null}
          <ConfirmDialog
            open={dialog === 'cancel'}
            title="Cancel your plan?"
            text={`Your plan stays active until ${formatDay(s.nextBillingDate)} and is not renewed after that. New uploads then pause; everything you have stored stays yours to view, download, share and export.`}
            confirmLabel="Cancel plan"
            busy={ending.isLoading}
            onCancel={() => setDialog(null)}
            onConfirm={() =>
              void act(setEnding('cancel').unwrap(), 'Your plan will end at the end of the period')
            }
            testId="subscription-cancel-dialog"
          />
        </>
      ) : null}
    </PageFrame>
  );
};

export default SubscriptionScreen;
