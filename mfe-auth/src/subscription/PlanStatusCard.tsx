import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney, type SubscriptionOverview } from '@portal/contracts';
import { formatDay } from '../components/when';

const Fact = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <Typography variant="body2" data-testid={testId}>
    <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
      {label}:
    </Typography>{' '}
    {value}
  </Typography>
);

/** Where the plan stands, in the spec's words: Active or Not active, the last and next billing dates, plan and card. */
export const PlanStatusCard = ({ s }: { s: SubscriptionOverview }) => (
  <Card variant="outlined" component="section" aria-labelledby="subscription-status-title" sx={{ mb: 2 }}>
    <CardContent sx={{ display: 'grid', gap: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography component="h2" variant="h6" id="subscription-status-title">
          Storage plan
        </Typography>
        <Chip
          label={s.active ? 'Active' : 'Not active'}
          color={s.active ? 'success' : 'default'}
          size="small"
          data-testid="subscription-status"
        />
      </Stack>
      {s.plan ? (
        <Fact
          label="Plan"
          value={`${s.plan.name} (${s.plan.storage}), ${formatMoney(s.plan.amountCents, s.plan.currency)} a month`}
          testId="subscription-plan"
        />
      ) : null}
      <Fact
        label="Last billing date"
        value={formatDay(s.lastBillingDate) || 'None yet'}
        testId="subscription-last-billing"
      />
      <Fact
        label="Next billing date"
        value={formatDay(s.nextBillingDate) || 'None'}
        testId="subscription-next-billing"
      />
      {s.paymentMethod ? (
        <Fact
          label="Payment method"
          value={`${s.paymentMethod.brand.toUpperCase()} ending ${s.paymentMethod.last4}, expires ${String(s.paymentMethod.expMonth).padStart(2, '0')}/${s.paymentMethod.expYear}`}
          testId="subscription-payment-method"
        />
      ) : null}
      {s.coveredByGroup ? (
        <Typography variant="body2" data-testid="subscription-group-cover">
          Your storage is paid for by {s.coveredByGroup.groupName || 'your care group'}.
        </Typography>
      ) : null}
    </CardContent>
  </Card>
);
