import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, VIDEO_MEETING_API, type VideoMeetingLinkCheck } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims } from '@portal/server-kit';
import { meetingIdParam } from '../meeting-params';
import { CheckVideoMeetingLink } from './check-video-meeting-link';

@ApiTags('video meetings')
@Controller()
export class CheckVideoMeetingLinkController {
  constructor(private readonly check: CheckVideoMeetingLink) {}

  /** GET /api/videoMeeting/{meetingId}/{participantId}/check (any signed-in role: records spec §6 common set). */
  @Get(apiRoute(VIDEO_MEETING_API.checkVideoMeetingLink, 'meetingId', 'participantId'))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Param('meetingId', meetingIdParam) meetingId: string,
    @Param('participantId', meetingIdParam) participantId: string,
  ): Promise<VideoMeetingLinkCheck> {
    return this.check.execute(meetingId, participantId, user.sub);
  }
}
