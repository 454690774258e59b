import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MESSAGES, type ConsultRequest, type VideoMeetingSummary } from '@portal/contracts';
import { EmptyState, ScrollableTable } from '@portal/ui';
import { inAppPath, localDateTime, scanDate } from '../scan-view';

/** Join: the portal's own meeting page in place, another site's link as a plain link. */
const JoinLink = ({ meeting }: { meeting: VideoMeetingSummary }) => {
  const path = inAppPath(meeting.meeting_link);
  const common = { 'data-testid': 'wbs-meeting-join', underline: 'always' as const };
  return path ? (
    <Link component={RouterLink} to={path} {...common}>
      Join
    </Link>
  ) : (
    <Link href={meeting.meeting_link} target="_blank" rel="noopener noreferrer" {...common}>
      Join
    </Link>
  );
};

/** The video meetings of one consultation, each at its time in the user's locale, with a Join link. */
export const VideoMeetingsDialog = ({
  meetings,
  open,
  onClose,
}: {
  meetings: VideoMeetingSummary[];
  open: boolean;
  onClose: () => void;
}) => (
  <Dialog open={open} onClose={onClose} aria-labelledby="wbs-video-meetings-title" fullWidth maxWidth="xs">
    <DialogTitle id="wbs-video-meetings-title">Video meetings</DialogTitle>
    <DialogContent data-testid="wbs-video-meetings">
      {meetings.length === 0 ? (
        <Typography>No video meeting is scheduled yet.</Typography>
      ) : (
        <List dense>
          {meetings.map((m) => (
            <ListItem key={m.id} data-testid="wbs-meeting" sx={{ gap: 2, flexWrap: 'wrap', px: 0 }}>
              <Typography component="span" sx={{ flex: '1 1 auto' }} data-testid="wbs-meeting-start">
                {localDateTime(m.scheduled_start_time)}
              </Typography>
              {m.ended ? (
                <Typography component="span" color="text.secondary">
                  Ended
                </Typography>
              ) : (
                <JoinLink meeting={m} />
              )}
            </ListItem>
          ))}
        </List>
      )}
    </DialogContent>
    <DialogActions>
      <Button onClick={onClose}>Close</Button>
    </DialogActions>
  </Dialog>
);

/** The scan's consultation requests: status, note, created, and their video meetings. */
export const ConsultationTable = ({ requests }: { requests: ConsultRequest[] }) => {
  const [shown, setShown] = useState<ConsultRequest | null>(null);
  return (
    <Box data-testid="wbs-consultation-table">
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Consultation requests
      </Typography>
      {requests.length === 0 ? (
        <EmptyState text={MESSAGES.noConsultationRequests} testId="wbs-consultations-empty" />
      ) : (
        <ScrollableTable label="Consultation requests" testId="wbs-consultations-scroll">
          <Table size="small" aria-label="Consultation requests">
            <TableHead>
              <TableRow>
                <TableCell>Status</TableCell>
                <TableCell>Note</TableCell>
                <TableCell>Created</TableCell>
                <TableCell>Meetings</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {requests.map((r) => (
                <TableRow key={r.id} data-testid="wbs-consultation">
                  <TableCell data-testid="wbs-consultation-status">{r.status.name}</TableCell>
                  <TableCell sx={{ minWidth: 160, whiteSpace: 'pre-wrap' }}>{r.note}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{scanDate(r.created)}</TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => setShown(r)}
                      data-testid="wbs-video-meetings-open"
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      Video meetings ({r.video_meetings.length})
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTable>
      )}
      <VideoMeetingsDialog
        meetings={shown?.video_meetings ?? []}
        open={shown !== null}
        onClose={() => setShown(null)}
      />
    </Box>
  );
};
