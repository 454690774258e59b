import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';
import type { DeviceStatus } from './use-local-media';
import { VideoTile } from './VideoTile';

export interface MeetingLobbyProps {
  stream: MediaStream | null;
  status: DeviceStatus;
  waiting: boolean;
  joining: boolean;
  onRetry: () => void;
  onJoin: () => void;
}

/** The waiting room: the camera and microphone check before joining, and the wait for the host after. */
export const MeetingLobby = ({ stream, status, waiting, joining, onRetry, onJoin }: MeetingLobbyProps) => (
  <Box
    sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}
  >
    <VideoTile stream={stream} label="You" local testId="local-video" />
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {status === 'blocked' ? (
        <Alert
          severity="error"
          data-testid="meeting-devices-blocked"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Try again
            </Button>
          }
        >
          {MESSAGES.meetingDevicesBlocked}
        </Alert>
      ) : status === 'no-device' ? (
        <Alert severity="warning">
          No camera or microphone was found. You can still join to see and hear the others.
        </Alert>
      ) : status === 'asking' ? (
        <Typography>Checking your camera and microphone…</Typography>
      ) : (
        <Alert severity="success" data-testid="meeting-devices-ready">
          Your camera and microphone are working.
        </Alert>
      )}
      {waiting ? (
        <Alert severity="info" role="status" data-testid="meeting-waiting">
          {MESSAGES.meetingWaiting}
        </Alert>
      ) : (
        <Button
          variant="contained"
          size="large"
          onClick={onJoin}
          disabled={joining || status === 'asking' || status === 'blocked'}
          data-testid="meeting-join"
        >
          Join meeting
        </Button>
      )}
    </Box>
  </Box>
);
