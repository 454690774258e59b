import { useMemo } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';
import { queryError } from '@portal/api';
import { PageFrame, PageLoading } from '@portal/ui';
import { MeetingCall } from './MeetingCall';
import { MeetingLobby } from './MeetingLobby';
import { SharedKeyImage } from './SharedKeyImage';
import { useLocalMedia } from './use-local-media';
import { useMeetingRoom } from './use-meeting-room';
import { useSharedKeyImages } from './use-shared-key-images';
import { useCheckVideoMeetingLinkQuery, useMeetingConfigQuery } from './video-meeting.api';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /videoMeeting/{meetingId}/{participantId} (records spec §2.9: join and leave a meeting): the link
 * checked (only its own participant, only in its window), the waiting room with the device check,
 * the call browser to browser, leave and rejoin, and End for everyone for the host.
 */
const VideoMeetingPage = () => {
  const { meetingId = '', participantId = '' } = useParams();
  const link = useMemo(() => ({ meetingId, participantId }), [meetingId, participantId]);
  const check = useCheckVideoMeetingLinkQuery(link);
  const config = useMeetingConfigQuery();
  const media = useLocalMedia();
  const iceServers = useMemo(() => config.data?.iceServers ?? [], [config.data]);
  const room = useMeetingRoom(link, iceServers, media.stream);
  const host = check.data?.participant.role === 'HOST';
  const keyImages = useSharedKeyImages(
    room.hub,
    check.data?.whole_body_scan_id ?? '',
    !!check.data && !host,
    room.phase === 'in-call',
  );

  if (check.isLoading || config.isLoading) return <PageLoading />;
  if (check.error || !check.data) {
    const error = queryError(check.error);
    return (
      <PageFrame title="Video meeting" testId="video-meeting">
        <Alert severity="error" data-testid="meeting-error">
          {error.status === 404 ? 'This meeting link is not valid.' : error.message}
        </Alert>
      </PageFrame>
    );
  }
  const { meeting, state } = check.data;
  const title = `${meeting.title}, ${when(meeting.scheduled_start_time)}`;
  const frame = (children: React.ReactNode) => (
    <PageFrame title={title} testId="video-meeting">
      {children}
    </PageFrame>
  );

  if (room.phase === 'ended' || (state === 'ENDED' && room.phase === 'lobby'))
    return frame(
      <Alert severity="info" data-testid="meeting-ended">
        {MESSAGES.meetingEnded}
      </Alert>,
    );
  if (state === 'EARLY')
    return frame(
      <Alert
        severity="info"
        data-testid="meeting-early"
        action={
          <Button color="inherit" size="small" onClick={() => void check.refetch()}>
            Check again
          </Button>
        }
      >
        {MESSAGES.meetingNotYetOpen} It opens at {when(meeting.opens_at)}.
      </Alert>,
    );
  if (room.phase === 'left' || room.phase === 'closed')
    return frame(
      <Alert
        severity="info"
        data-testid="meeting-left"
        action={
          <Button color="inherit" size="small" onClick={() => void room.enter()} data-testid="meeting-rejoin">
            Rejoin
          </Button>
        }
      >
        {room.phase === 'left' ? 'You left the meeting.' : room.closedWhy}
      </Alert>,
    );
  if (room.phase !== 'in-call')
    return frame(
      <>
        <Typography sx={{ mb: 2 }}>You are joining as {check.data.participant.display_name}.</Typography>
        <MeetingLobby
          stream={media.stream}
          status={media.status}
          waiting={room.phase === 'waiting'}
          joining={room.phase === 'joining'}
          onRetry={() => void media.retry()}
          onJoin={() => void room.enter()}
        />
      </>,
    );
  return frame(
    <MeetingCall
      selfId={participantId}
      host={host}
      peers={room.peers}
      streams={room.streams}
      local={media.stream}
      audioOn={media.audioOn}
      videoOn={media.videoOn}
      onToggleAudio={media.toggleAudio}
      onToggleVideo={media.toggleVideo}
      onLeave={() => void room.leave()}
      onEnd={() => void room.end()}
      onAdmit={(id) => void room.admit(id)}
      aside={
        <SharedKeyImage
          images={keyImages.images}
          view={keyImages.view}
          emptyText={
            host
              ? "The patient's key images appear here once the patient is in the call."
              : keyImages.status === 'loading'
                ? 'Loading the key images of your scan…'
                : keyImages.status === 'failed'
                  ? 'The key images of your scan could not be loaded.'
                  : 'This scan has no key images.'
          }
          onPrevious={keyImages.previous}
          onNext={keyImages.next}
          onZoomIn={keyImages.zoomIn}
          onZoomOut={keyImages.zoomOut}
        />
      }
    />,
  );
};

export default VideoMeetingPage;
