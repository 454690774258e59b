import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { formatMoney, type StoragePlan, type StoragePlanId } from '@portal/contracts';

/** The plans to start one from: each with what it stores, its monthly price and Subscribe. */
export const PlanChooser = ({
  plans,
  busy,
  onChoose,
}: {
  plans: StoragePlan[];
  busy: boolean;
  onChoose: (planId: StoragePlanId) => void;
}) => (
  <section aria-labelledby="subscription-plans-title">
    <Typography component="h2" variant="h6" id="subscription-plans-title" sx={{ mb: 1 }}>
      Choose a plan
    </Typography>
    <Grid container spacing={2} sx={{ mb: 2 }}>
      {plans.map((p) => (
        <Grid key={p.id} size={{ xs: 12, sm: 6 }}>
          <Card variant="outlined" data-testid={`plan-${p.id}`}>
            <CardContent>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {p.name}
              </Typography>
              <Typography variant="body2">{p.storage} of storage for your records and images</Typography>
              <Typography variant="h6" component="p">
                {formatMoney(p.amountCents, p.currency)} a month
              </Typography>
            </CardContent>
            <CardActions>
              <Button
                variant="contained"
                disabled={busy}
                onClick={() => onChoose(p.id)}
                aria-label={`Subscribe to ${p.name}`}
                data-testid={`plan-${p.id}-subscribe`}
              >
                Subscribe
              </Button>
            </CardActions>
          </Card>
        </Grid>
      ))}
    </Grid>
  </section>
);
