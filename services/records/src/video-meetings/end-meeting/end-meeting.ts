import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { RoomAccess } from '../room-access';
import { RoomLog } from '../room-log/room-log';
import { VideoMeetingRepository } from '../video-meeting.repository';

/** The host ends the meeting for everyone: every link is closed from now on and the consultation completed. */
@Injectable()
export class EndMeeting {
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
      const { meeting } = await this.access.host(tx, meetingId, participantId, userId, token);
      await this.meetings.lockLog(tx, meetingId);
      await this.meetings.end(tx, meetingId);
      await this.log.write(tx, meetingId, [{ to: null, body: { type: 'ended' } }], false);
      await this.kit.audit.record(tx, caller, {
        action: 'records.video-meeting-ended',
        resourceType: 'video-meeting',
        resourceId: meetingId,
        subjectId: meeting.patient_user_id,
      });
    });
    this.log.wake(meetingId);
  }
}
