import { Injectable } from '@nestjs/common';
import type { JoinAnswer } from '@portal/contracts';
import type { Caller } from '@portal/server-kit';
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
    private readonly access: RoomAccess,
    private readonly meetings: VideoMeetingRepository,
    private readonly log: RoomLog,
  ) {}

  execute(
    meetingId: string,
    participantId: string,
    userId: string,
    caller: Caller,
    now = new Date(),
  ): Promise<JoinAnswer> {
    return this.log.change(meetingId, async (tx) => {
      const { meeting } = await this.access.ofLink(tx, meetingId, participantId, userId);
      const state = linkState(meeting, now);
      if (state === 'EARLY') throw meetingNotYetOpen();
      if (state === 'ENDED') throw meetingEnded();
      const participant = (await this.meetings.findParticipant(tx, meetingId, participantId, true))!;
      const cursor = await this.meetings.lastSeq(tx, meetingId);
      const { token, hash } = newRoomToken();
      const entered = await this.meetings.enter(tx, participant, hash);
      const admitted = entered.state === 'IN_CALL';
      await this.log.write(tx, meetingId, []);
      await this.log.audit(tx, caller, meeting, 'joined', { participantId, role: entered.role, admitted });
      return { token, admitted, cursor };
    });
  }
}
