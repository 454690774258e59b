import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type JoinAnswer, VIDEO_MEETING_API } from '@portal/contracts';
import { type Caller, CurrentUser, type CurrentUserClaims, RequestCaller } from '@portal/server-kit';
import { meetingIdParam } from '../meeting-params';
import { JoinVideoMeeting } from './join-video-meeting';

@ApiTags('video meetings')
@Controller()
export class JoinVideoMeetingController {
  constructor(private readonly join: JoinVideoMeeting) {}

  /** POST /api/videoMeeting/{meetingId}/{participantId}/join: the room token; 409 outside the window. */
  @Post(apiRoute(VIDEO_MEETING_API.joinVideoMeeting, 'meetingId', 'participantId'))
  @HttpCode(200)
  post(
    @CurrentUser() user: CurrentUserClaims,
    @Param('meetingId', meetingIdParam) meetingId: string,
    @Param('participantId', meetingIdParam) participantId: string,
    @RequestCaller() caller: Caller,
  ): Promise<JoinAnswer> {
    return this.join.execute(meetingId, participantId, user.sub, caller);
  }
}
