import { Injectable } from '@nestjs/common';
import type { Caller } from '@portal/server-kit';
import { RoomAccess } from '../room-access';
import { RoomLog } from '../room-log/room-log';
import { VideoMeetingRepository } from '../video-meeting.repository';

/** leaveMeeting: out of the room, the others told; the same link joins again while the window is open. */
@Injectable()
export class LeaveMeeting {
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
      const { meeting } = await this.access.inRoom(tx, meetingId, participantId, userId, token);
      await this.meetings.leave(tx, participantId);
      await this.log.write(tx, meetingId, []);
      await this.log.audit(tx, caller, meeting, 'left', { participantId });
    });
  }
}
