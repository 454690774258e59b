import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { RoomAccess } from '../room-access';
import { RoomLog } from '../room-log/room-log';
import { VideoMeetingRepository } from '../video-meeting.repository';
import { notWaiting } from '../video-meetings.errors';

/** The host lets a waiting participant in; they hear 'admitted' and the room its new list. */
@Injectable()
export class AdmitParticipant {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly access: RoomAccess,
    private readonly meetings: VideoMeetingRepository,
    private readonly log: RoomLog,
  ) {}

  async execute(
    meetingId: string,
    hostParticipantId: string,
    userId: string,
    token: string | undefined,
    waitingParticipantId: string,
    caller: Caller,
  ): Promise<void> {
    await this.kit.transaction(async (tx) => {
      const { meeting } = await this.access.host(tx, meetingId, hostParticipantId, userId, token);
      await this.meetings.lockLog(tx, meetingId);
      if (!(await this.meetings.admit(tx, meetingId, waitingParticipantId))) throw notWaiting();
      await this.log.write(tx, meetingId, [{ to: waitingParticipantId, body: { type: 'admitted' } }]);
      await this.kit.audit.record(tx, caller, {
        action: 'records.video-meeting-admitted',
        resourceType: 'video-meeting',
        resourceId: meetingId,
        subjectId: meeting.patient_user_id,
        detail: { participantId: waitingParticipantId },
      });
    });
    this.log.wake(meetingId);
  }
}
