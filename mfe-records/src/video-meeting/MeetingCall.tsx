import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MeetingPeer } from '@portal/contracts';
import { VideoTile } from './VideoTile';

export interface MeetingCallProps {
  selfId: string;
  host: boolean;
  peers: MeetingPeer[];
  streams: Record<string, MediaStream>;
  local: MediaStream | null;
  audioOn: boolean;
  videoOn: boolean;
  onToggleAudio: () => void;
  onToggleVideo: () => void;
  onLeave: () => void;
  onEnd: () => void;
  onAdmit: (participantId: string) => void;
  /** The shared key image panel. */
  aside?: React.ReactNode;
}

/** The call: everyone's video, the host's waiting list, and the controls. */
export const MeetingCall = ({
  selfId,
  host,
  peers,
  streams,
  local,
  audioOn,
  videoOn,
  onToggleAudio,
  onToggleVideo,
  onLeave,
  onEnd,
  onAdmit,
  aside,
}: MeetingCallProps) => {
  const others = peers.filter((p) => p.participantId !== selfId && p.state === 'IN_CALL');
  const waiting = peers.filter((p) => p.state === 'WAITING');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {host && waiting.length > 0 ? (
          <Paper variant="outlined" sx={{ p: 2 }} data-testid="meeting-waiting-list">
            <Typography component="h2" variant="subtitle1" gutterBottom>
              Waiting to join
            </Typography>
            {waiting.map((p) => (
              <Box key={p.participantId} sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                <Typography sx={{ flex: 1 }}>{p.display_name}</Typography>
                <Button
                  variant="contained"
                  size="small"
                  onClick={() => onAdmit(p.participantId)}
                  data-testid="meeting-admit"
                >
                  Admit
                </Button>
              </Box>
            ))}
          </Paper>
        ) : null}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {others.map((p) => (
            <VideoTile
              key={p.participantId}
              stream={streams[p.participantId] ?? null}
              label={p.display_name}
              testId="remote-video"
            />
          ))}
          <VideoTile stream={local} label="You" local testId="local-video" />
        </Box>
        {others.length === 0 ? (
          <Typography color="text.secondary" role="status">
            Nobody else is here yet.
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={onToggleAudio} aria-pressed={!audioOn}>
            {audioOn ? 'Mute' : 'Unmute'}
          </Button>
          <Button variant="outlined" onClick={onToggleVideo} aria-pressed={!videoOn}>
            {videoOn ? 'Stop video' : 'Start video'}
          </Button>
          <Button variant="contained" color="error" onClick={onLeave} data-testid="meeting-leave">
            Leave
          </Button>
          {host ? (
            <Button variant="outlined" color="error" onClick={onEnd} data-testid="meeting-end">
              End for everyone
            </Button>
          ) : null}
        </Box>
      </Box>
      {aside}
    </Box>
  );
};
