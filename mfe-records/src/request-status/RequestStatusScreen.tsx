import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { daysLeft, TIMELINE_EVENT_NAMES, timelineDetail } from '@portal/contracts';
import { PageFrame, StatusTag, useErrorToast } from '@portal/ui';
import { useGetPatientRequestQuery } from './request-status.api';

/** 'MMM DD, YYYY' of a YYYY-MM-DD date, in UTC so the day does not shift with the browser's zone. */
const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** Our own words for the days left until the facility's due date. */
const daysLeftText = (n: number) => (n < 0 ? `${-n} days overdue` : n === 0 ? 'Due today' : n === 1 ? '1 day left' : `${n} days left`);

/** A request's status page: its facility, status, the facility's due date and the life of the request so far. */
const RequestStatusScreen = () => {
  const { id = '' } = useParams();
  const { data, isLoading, error } = useGetPatientRequestQuery(id);
  useErrorToast(error);
  const answered = ['Completed', 'Declined'].includes(data?.status ?? '');
  return (
    <PageFrame title="Request status" testId="request-status">
      {isLoading ? <LinearProgress aria-label="Loading request" /> : null}
      {data ? (
        <>
          <Typography component="h2" variant="h6" data-testid="request-facility">
            {data.custodian.name}
          </Typography>
          <StatusTag status={data.status} />
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="request-due-date">
            Due by {formatDay(data.dueDate)}
            {answered ? '' : ` · ${daysLeftText(daysLeft(data.dueDate))}`}
          </Typography>
          <Box component="ol" aria-label="Timeline" sx={{ pl: 2, mt: 2 }}>
            {data.timeline.map((e, i) => (
              <li key={`${e.event}-${i}`} data-testid="timeline-entry">
                <Typography variant="body2" component="span">
                  {TIMELINE_EVENT_NAMES[e.event]}
                  {timelineDetail(e) ? ` (${timelineDetail(e)})` : ''}
                </Typography>{' '}
                <Typography variant="caption" color="text.secondary" component="time" dateTime={e.at}>
                  {new Date(e.at).toLocaleString()}
                </Typography>
              </li>
            ))}
          </Box>
        </>
      ) : null}
    </PageFrame>
  );
};

export default RequestStatusScreen;
