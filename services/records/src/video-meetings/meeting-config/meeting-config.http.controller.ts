import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  apiRoute,
  MEETING_CLOSES_MINUTES_AFTER,
  MEETING_OPENS_MINUTES_BEFORE,
  VIDEO_MEETING_API,
  type VideoMeetingConfig,
} from '@portal/contracts';
import { CONFIG, type PortalConfig } from '@portal/server-kit';

@ApiTags('video meetings')
@Controller()
export class MeetingConfigController {
  constructor(@Inject(CONFIG) private readonly config: Pick<PortalConfig, 'videoIceServers'>) {}

  /** GET /api/videoMeeting/config (signed in): the ICE servers (VIDEO_ICE_SERVERS) and the link window. */
  @Get(apiRoute(VIDEO_MEETING_API.config))
  get(): VideoMeetingConfig {
    return {
      iceServers: this.config.videoIceServers,
      opensMinutesBefore: MEETING_OPENS_MINUTES_BEFORE,
      closesMinutesAfter: MEETING_CLOSES_MINUTES_AFTER,
    };
  }
}
