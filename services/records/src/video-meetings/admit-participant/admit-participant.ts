import { Injectable } from '@nestjs/common';
import type { Caller } from '@portal/server-kit';
import { RoomAccess } from '../room-access';
import { RoomLog } from '../room-log/room-log';
import { VideoMeetingRepository } from '../video-meeting.repository';
import { notWaiting } from '../video-meetings.errors';

/** The host lets a waiting participant in; they hear 'admitted' and the room its new list. */
@Injectable()
export class AdmitParticipant {
  constructor(
    private readonly access: RoomAccess,
    private readonly meetings: VideoMeetingRepository,
    private readonly log: RoomLog,
  ) {}

  execute(
    meetingId: string,
    hostParticipantId: string,
    userId: string,
    token: string | undefined,
    waitingParticipantId: string,
    caller: Caller,
  ): Promise<void> {
    return this.log.change(meetingId, async (tx) => {
      const { meeting } = await this.access.host(tx, meetingId, hostParticipantId, userId, token);
      if (!(await this.meetings.admit(tx, meetingId, waitingParticipantId))) throw notWaiting();
      await this.log.write(tx, meetingId, [{ to: waitingParticipantId, body: { type: 'admitted' } }]);
      await this.log.audit(tx, caller, meeting, 'admitted', { participantId: waitingParticipantId });
    });
  }
}
