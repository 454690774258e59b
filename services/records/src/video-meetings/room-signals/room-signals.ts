import { Injectable } from '@nestjs/common';
import { type RoomEvents, SIGNAL_WAIT_MS, type SignalInput } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { MeetingRooms } from '../meeting-rooms';
import { RoomAccess } from '../room-access';
import { RoomLog } from '../room-log/room-log';
import { VideoMeetingRepository } from '../video-meeting.repository';
import { peerNotInCall } from '../video-meetings.errors';

/** How often a waiting poll looks at the table besides its wake-ups (another process's writes). */
const RECHECK_MS = 2_000;

/**
 * The signalling of the browsers' WebRTC, through the portal's own origin: an offer, answer or ICE
 * candidate goes from one participant in the call to another; each participant reads what was sent
 * to them and to the room by a long poll that answers as soon as there is something (or after
 * SIGNAL_WAIT_MS with nothing). Media never passes through here: it flows browser to browser.
 */
@Injectable()
export class RoomSignals {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly access: RoomAccess,
    private readonly meetings: VideoMeetingRepository,
    private readonly rooms: MeetingRooms,
    private readonly log: RoomLog,
  ) {}

  async send(
    meetingId: string,
    participantId: string,
    userId: string,
    token: string | undefined,
    signal: SignalInput,
  ): Promise<void> {
    await this.log.change(meetingId, async (tx) => {
      const { participant } = await this.access.inRoom(tx, meetingId, participantId, userId, token);
      const to = await this.meetings.findParticipant(tx, meetingId, signal.to);
      if (participant.state !== 'IN_CALL' || to?.state !== 'IN_CALL' || to.id === participant.id)
        throw peerNotInCall();
      const body = {
        type: 'signal' as const,
        from: participantId,
        kind: signal.kind,
        payload: signal.payload,
      };
      await this.log.write(tx, meetingId, [{ to: to.id, body }], false);
    });
  }

  async poll(
    meetingId: string,
    participantId: string,
    userId: string,
    token: string | undefined,
    after: number,
    waitMs = SIGNAL_WAIT_MS,
  ): Promise<RoomEvents> {
    const db = this.kit.db;
    await this.access.inRoom(db, meetingId, participantId, userId, token);
    await this.meetings.seen(db, participantId);
    await this.dropSilent(meetingId);
    const deadline = Date.now() + waitMs;
    for (;;) {
      const events = await this.meetings.eventsAfter(db, meetingId, participantId, after);
      const left = deadline - Date.now();
      if (events.length || left <= 0)
        return { cursor: events.length ? events[events.length - 1].seq : after, events };
      await this.rooms.sleep(meetingId, Math.min(left, RECHECK_MS));
    }
  }

  /** Those who closed their window without leaving drop out of the room's list after a while. */
  private async dropSilent(meetingId: string): Promise<void> {
    if (await this.meetings.dropSilent(this.kit.db, meetingId))
      await this.log.change(meetingId, (tx) => this.log.write(tx, meetingId, []));
  }
}
