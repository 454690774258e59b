import { AdmitParticipantController } from './admit-participant/admit-participant.http.controller';
import { AdmitParticipant } from './admit-participant/admit-participant';
import { CheckVideoMeetingLinkController } from './check-video-meeting-link/check-video-meeting-link.http.controller';
import { CheckVideoMeetingLink } from './check-video-meeting-link/check-video-meeting-link';
import { EndMeetingController } from './end-meeting/end-meeting.http.controller';
import { EndMeeting } from './end-meeting/end-meeting';
import { JoinVideoMeetingController } from './join-video-meeting/join-video-meeting.http.controller';
import { JoinVideoMeeting } from './join-video-meeting/join-video-meeting';
import { LeaveMeetingController } from './leave-meeting/leave-meeting.http.controller';
import { LeaveMeeting } from './leave-meeting/leave-meeting';
import { MeetingConfigController } from './meeting-config/meeting-config.http.controller';
import { MeetingRooms } from './meeting-rooms';
import { RoomAccess } from './room-access';
import { RoomLog } from './room-log/room-log';
import { RoomSignalsController } from './room-signals/room-signals.http.controller';
import { RoomSignals } from './room-signals/room-signals';
import { VideoMeetingRepository } from './video-meeting.repository';

/** The video meetings of consultations (issue 27): the records context registers these. */
export const VIDEO_MEETING_CONTROLLERS = [
  MeetingConfigController,
  CheckVideoMeetingLinkController,
  JoinVideoMeetingController,
  LeaveMeetingController,
  AdmitParticipantController,
  EndMeetingController,
  RoomSignalsController,
];

export const VIDEO_MEETING_PROVIDERS = [
  VideoMeetingRepository,
  MeetingRooms,
  RoomAccess,
  RoomLog,
  CheckVideoMeetingLink,
  JoinVideoMeeting,
  LeaveMeeting,
  AdmitParticipant,
  EndMeeting,
  RoomSignals,
];
