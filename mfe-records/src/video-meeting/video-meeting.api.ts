import {
  type JoinAnswer,
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

/** The meeting page's calls with the bearer alone; those with the room token are RoomClient's. */
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
  }),
});

export const { useMeetingConfigQuery, useCheckVideoMeetingLinkQuery, useJoinVideoMeetingMutation } =
  videoMeetingApi;
