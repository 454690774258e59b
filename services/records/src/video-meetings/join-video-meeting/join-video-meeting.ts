import { Injectable } from '@nestjs/common';
import type { JoinAnswer } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { linkState } from '../meeting-window';
import { newRoomToken, RoomAccess } from '../room-access';
import { RoomLog } from '../room-log/room-log';
import { VideoMeetingRepository } from '../video-meeting.repository';
import { meetingEnded, meetingNotYetOpen } from '../video-meetings.errors';

/**
 * joinVideoMeeting: the link's own user enters the room in its window. The host is in at once, a guest
 * waits until the host admits them (once admitted, a rejoin with the same link is straight in). Each
 * join makes a new room token, so the same link opened in a second window retires the first. Audited
 * on the patient the meeting is about.
 */
@Injectable()
export class JoinVideoMeeting {
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
    caller: Caller,
    now = new Date(),
  ): Promise<JoinAnswer> {
    const answer = await this.kit.transaction(async (tx) => {
      const { meeting } = await this.access.ofLink(tx, meetingId, participantId, userId);
      const state = linkState(meeting, now);
      if (state === 'EARLY') throw meetingNotYetOpen();
      if (state === 'ENDED') throw meetingEnded();
      await this.meetings.lockLog(tx, meetingId);
      const participant = (await this.meetings.findParticipant(tx, meetingId, participantId, true))!;
      const cursor = await this.meetings.lastSeq(tx, meetingId);
      const { token, hash } = newRoomToken();
      const entered = await this.meetings.enter(tx, participant, hash);
      await this.log.write(tx, meetingId, []);
      await this.kit.audit.record(tx, caller, {
        action: 'records.video-meeting-joined',
        resourceType: 'video-meeting',
        resourceId: meetingId,
        subjectId: meeting.patient_user_id,
        detail: { participantId, role: entered.role, admitted: entered.state === 'IN_CALL' },
      });
      return { token, admitted: entered.state === 'IN_CALL', cursor };
    });
    this.log.wake(meetingId);
    return answer;
  }
}
