import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';
import { MeetingRooms } from '../meeting-rooms';
import { type RoomEventBody, VideoMeetingRepository } from '../video-meeting.repository';

/** What changes a room: each use case writes its events here, in its own transaction, and wakes the polls after it commits. */
@Injectable()
export class RoomLog {
  constructor(
    private readonly meetings: VideoMeetingRepository,
    private readonly rooms: MeetingRooms,
  ) {}

  /** Appends events (already under lockLog) and the new list of who is in the room when `peers`. */
  async write(
    tx: Queryable,
    meetingId: string,
    events: Array<{ to: string | null; body: RoomEventBody }>,
    peers = true,
  ): Promise<void> {
    for (const e of events) await this.meetings.append(tx, meetingId, e.to, e.body);
    if (peers)
      await this.meetings.append(tx, meetingId, null, {
        type: 'peers',
        peers: await this.meetings.peers(tx, meetingId),
      });
  }

  wake(meetingId: string): void {
    this.rooms.wake(meetingId);
  }
}
