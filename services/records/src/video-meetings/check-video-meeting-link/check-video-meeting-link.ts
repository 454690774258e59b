import { Injectable } from '@nestjs/common';
import type { VideoMeetingLinkCheck } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { linkState, meetingWindow } from '../meeting-window';
import { RoomAccess } from '../room-access';

/** checkVideoMeetingLink: whose link it is and whether it opens now (EARLY, OPEN, ENDED); 404 unknown, 403 another user's. */
@Injectable()
export class CheckVideoMeetingLink {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly access: RoomAccess,
  ) {}

  async execute(
    meetingId: string,
    participantId: string,
    userId: string,
    now = new Date(),
  ): Promise<VideoMeetingLinkCheck> {
    const { meeting, participant } = await this.access.ofLink(this.kit.db, meetingId, participantId, userId);
    const { opensAt, closesAt } = meetingWindow(meeting);
    return {
      meeting: {
        id: meeting.id,
        title: meeting.title,
        scheduled_start_time: meeting.scheduled_start.toISOString(),
        scheduled_end_time: meeting.scheduled_end.toISOString(),
        opens_at: opensAt.toISOString(),
        closes_at: closesAt.toISOString(),
      },
      participant: { id: participant.id, display_name: participant.display_name, role: participant.role },
      state: linkState(meeting, now),
      whole_body_scan_id: meeting.scan_id,
    };
  }
}
