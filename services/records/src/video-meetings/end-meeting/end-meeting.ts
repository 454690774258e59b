import { Injectable } from '@nestjs/common';
import type { Caller } from '@portal/server-kit';
import { RoomAccess } from '../room-access';
import { RoomLog } from '../room-log/room-log';
import { VideoMeetingRepository } from '../video-meeting.repository';

/** The host ends the meeting for everyone: every link is closed from now on and the consultation completed. */
@Injectable()
export class EndMeeting {
  constructor(
    private readonly access: RoomAccess,
    private readonly meetings: VideoMeetingRepository,
    private readonly log: RoomLog,
  ) {}

  execute(
    meetingId: string,
    participantId: string,
    userId: string,
    token: string | undefined,
    caller: Caller,
  ): Promise<void> {
    return this.log.change(meetingId, async (tx) => {
      const { meeting } = await this.access.host(tx, meetingId, participantId, userId, token);
      await this.meetings.end(tx, meetingId);
      await this.log.write(tx, meetingId, [{ to: null, body: { type: 'ended' } }], false);
      await this.log.audit(tx, caller, meeting, 'ended');
    });
  }
}
