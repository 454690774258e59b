import { Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, MEETING_TOKEN_HEADER, VIDEO_MEETING_API } from '@portal/contracts';
import { type Caller, CurrentUser, type CurrentUserClaims, RequestCaller } from '@portal/server-kit';
import { meetingIdParam } from '../meeting-params';
import { LeaveMeeting } from './leave-meeting';

@ApiTags('video meetings')
@Controller()
export class LeaveMeetingController {
  constructor(private readonly leave: LeaveMeeting) {}

  /** POST /api/videoMeeting/{meetingId}/{participantId}/leave with the room token. */
  @Post(apiRoute(VIDEO_MEETING_API.leaveMeeting, 'meetingId', 'participantId'))
  @HttpCode(204)
  post(
    @CurrentUser() user: CurrentUserClaims,
    @Param('meetingId', meetingIdParam) meetingId: string,
    @Param('participantId', meetingIdParam) participantId: string,
    @Headers(MEETING_TOKEN_HEADER) token: string | undefined,
    @RequestCaller() caller: Caller,
  ): Promise<void> {
    return this.leave.execute(meetingId, participantId, user.sub, token, caller);
  }
}
