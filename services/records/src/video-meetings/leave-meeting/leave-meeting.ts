import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { RoomAccess } from '../room-access';
import { RoomLog } from '../room-log/room-log';
import { VideoMeetingRepository } from '../video-meeting.repository';

/** leaveMeeting: out of the room, the others told; the same link joins again while the window is open. */
@Injectable()
export class LeaveMeeting {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly access: RoomAccess,
    private readonly meetings: VideoMeetingRepository,
    private readonly log: RoomLog,
  ) {}

  async execute(
    meetingId: string,
    participantId: string,
    userId: string,
    token: string | undefined,
    caller: Caller,
  ): Promise<void> {
    await this.kit.transaction(async (tx) => {
      const { meeting } = await this.access.inRoom(tx, meetingId, participantId, userId, token);
      await this.meetings.lockLog(tx, meetingId);
      await this.meetings.leave(tx, participantId);
      await this.log.write(tx, meetingId, []);
      await this.kit.audit.record(tx, caller, {
        action: 'records.video-meeting-left',
        resourceType: 'video-meeting',
        resourceId: meetingId,
        subjectId: meeting.patient_user_id,
        detail: { participantId },
      });
    });
    this.log.wake(meetingId);
  }
}
