import {
  type JoinAnswer,
  MEETING_TOKEN_HEADER,
  type RoomEvents,
  type SignalInput,
  VIDEO_MEETING_API,
  type VideoMeetingConfig,
  type VideoMeetingLinkCheck,
} from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

export interface MeetingLink {
  meetingId: string;
  participantId: string;
}

/** A call made in the room: the link, and the room token of this window's join. */
export interface InRoom extends MeetingLink {
  token: string;
}
const inRoom = (path: string, token: string, body?: unknown) => ({
  url: apiPath(path),
  method: 'POST' as const,
  headers: { [MEETING_TOKEN_HEADER]: token },
  body,
});

/** The meeting page's calls: the link's (bearer) and the room's (bearer and room token), which RoomClient makes. */
export const videoMeetingApi = api.injectEndpoints({
  endpoints: (build) => ({
    meetingConfig: build.query<VideoMeetingConfig, void>({
      query: () => apiPath(VIDEO_MEETING_API.config),
    }),
    checkVideoMeetingLink: build.query<VideoMeetingLinkCheck, MeetingLink>({
      query: ({ meetingId, participantId }) =>
        apiPath(VIDEO_MEETING_API.checkVideoMeetingLink(meetingId, participantId)),
    }),
    joinVideoMeeting: build.mutation<JoinAnswer, MeetingLink>({
      query: ({ meetingId, participantId }) => ({
        url: apiPath(VIDEO_MEETING_API.joinVideoMeeting(meetingId, participantId)),
        method: 'POST',
      }),
    }),
    /** The long poll of the room's events (a mutation: nothing of it is cached or shared). */
    pollRoom: build.mutation<RoomEvents, InRoom & { after: number }>({
      query: ({ meetingId, participantId, token, after }) => ({
        url: `${apiPath(VIDEO_MEETING_API.signals(meetingId, participantId))}?after=${after}`,
        headers: { [MEETING_TOKEN_HEADER]: token },
      }),
    }),
    sendSignal: build.mutation<void, InRoom & { signal: SignalInput }>({
      query: ({ meetingId, participantId, token, signal }) =>
        inRoom(VIDEO_MEETING_API.signals(meetingId, participantId), token, signal),
    }),
    admitParticipant: build.mutation<void, InRoom & { waiting: string }>({
      query: ({ meetingId, participantId, token, waiting }) =>
        inRoom(VIDEO_MEETING_API.admit(meetingId, participantId), token, { participantId: waiting }),
    }),
    leaveMeeting: build.mutation<void, InRoom>({
      query: ({ meetingId, participantId, token }) =>
        inRoom(VIDEO_MEETING_API.leaveMeeting(meetingId, participantId), token),
    }),
    endMeeting: build.mutation<void, InRoom>({
      query: ({ meetingId, participantId, token }) =>
        inRoom(VIDEO_MEETING_API.end(meetingId, participantId), token),
    }),
  }),
});

export const {
  useMeetingConfigQuery,
  useCheckVideoMeetingLinkQuery,
  useJoinVideoMeetingMutation,
  usePollRoomMutation,
  useSendSignalMutation,
  useAdmitParticipantMutation,
  useLeaveMeetingMutation,
  useEndMeetingMutation,
} = videoMeetingApi;
