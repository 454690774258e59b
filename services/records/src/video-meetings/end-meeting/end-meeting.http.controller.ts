import { Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, MEETING_TOKEN_HEADER, VIDEO_MEETING_API } from '@portal/contracts';
import { type Caller, CurrentUser, type CurrentUserClaims, RequestCaller } from '@portal/server-kit';
import { meetingIdParam } from '../meeting-params';
import { EndMeeting } from './end-meeting';

@ApiTags('video meetings')
@Controller()
export class EndMeetingController {
  constructor(private readonly end: EndMeeting) {}

  /** POST /api/videoMeeting/{meetingId}/{participantId}/end: the host's room token only; ends it for all. */
  @Post(apiRoute(VIDEO_MEETING_API.end, 'meetingId', 'participantId'))
  @HttpCode(204)
  post(
    @CurrentUser() user: CurrentUserClaims,
    @Param('meetingId', meetingIdParam) meetingId: string,
    @Param('participantId', meetingIdParam) participantId: string,
    @Headers(MEETING_TOKEN_HEADER) token: string | undefined,
    @RequestCaller() caller: Caller,
  ): Promise<void> {
    return this.end.execute(meetingId, participantId, user.sub, token, caller);
  }
}
