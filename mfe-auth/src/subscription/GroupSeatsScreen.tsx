import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@portal/contracts';
import { queryError } from '@portal/api';
import { PageFrame, useToast } from '@portal/ui';
import { browserNavigation } from '../components/browser-navigation';
import { formatDay } from '../components/when';
import {
  useEndGroupSponsorshipMutation,
  useGetGroupSeatsQuery,
  useSponsorGroupMutation,
} from './subscription.api';

/**
 * A group's storage seats (issue 30): the group admin pays for the patients' storage, one seat each
 * (members who join or leave change the count, prorated); coordinators see who is covered.
 */
const GroupSeatsScreen = () => {
  const { groupId = '' } = useParams();
  const toast = useToast();
  const seats = useGetGroupSeatsQuery(groupId, { skip: !groupId });
  const [sponsor, sponsoring] = useSponsorGroupMutation();
  const [end, ending] = useEndGroupSponsorshipMutation();
  const g = seats.data;
  const live = g && (g.state === 'active' || g.state === 'past_due');
  const start = async () => {
    try {
      browserNavigation.assign((await sponsor({ groupId }).unwrap()).url);
    } catch (e) {
      toast.error(queryError(e).message);
    }
  };
  return (
    <PageFrame
      title={g?.groupName ? `Storage seats: ${g.groupName}` : 'Storage seats'}
      testId="auth-group-seats"
    >
      {seats.isLoading ? <LinearProgress aria-label="Loading the seats" /> : null}
      {seats.isError ? (
        <Alert severity="error" data-testid="group-seats-error">
          {queryError(seats.error).message}
        </Alert>
      ) : null}
      {g ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography data-testid="group-seats-summary">
            {live
              ? `The group pays for ${g.seats} seat${g.seats === 1 ? '' : 's'} at ${formatMoney(g.amountPerSeatCents, g.currency)} a month each.` +
                (g.cancelAtPeriodEnd
                  ? ' The plan ends at the end of this period.'
                  : ` Next billing date: ${formatDay(g.nextBillingDate)}.`)
              : 'The group pays for no seats: each patient keeps their own plan.'}
          </Typography>
          {g.canManage && !live ? (
            <Button
              variant="contained"
              onClick={() => void start()}
              disabled={sponsoring.isLoading || !g.members.length}
              data-testid="group-seats-sponsor"
            >
              Pay for {g.members.length} patient{g.members.length === 1 ? '' : 's'}
            </Button>
          ) : null}
          {g.canManage && live && !g.cancelAtPeriodEnd ? (
            <Button
              color="error"
              variant="outlined"
              onClick={() => void end({ groupId })}
              disabled={ending.isLoading}
              data-testid="group-seats-end"
            >
              End at the end of the period
            </Button>
          ) : null}
          <List aria-label="Patients" data-testid="group-seats-members" sx={{ width: '100%' }}>
            {g.members.map((m) => (
              <ListItem key={m.userId} divider data-testid={`group-seat-${m.userId}`}>
                <ListItemText primary={m.email} />
                <Chip
                  size="small"
                  label={m.covered ? 'Covered' : 'Not covered'}
                  color={m.covered ? 'success' : 'default'}
                />
              </ListItem>
            ))}
          </List>
        </Stack>
      ) : null}
    </PageFrame>
  );
};

export default GroupSeatsScreen;
