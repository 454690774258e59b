import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type Queryable, type UseCaseKit } from '@portal/server-kit';
import { MeetingRooms } from '../meeting-rooms';
import { type RoomEventBody, type StoredMeeting, VideoMeetingRepository } from '../video-meeting.repository';

/** What changes a room: each use case writes its events here, in its own transaction, and wakes the polls after it commits. */
@Injectable()
export class RoomLog {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly meetings: VideoMeetingRepository,
    private readonly rooms: MeetingRooms,
  ) {}

  /**
   * One change of a room: a transaction holding the meeting's log lock (so its events commit in
   * sequence order and no poll skips one), then the room's waiting polls woken once it has committed.
   */
  async change<T>(meetingId: string, work: (tx: Queryable) => Promise<T>): Promise<T> {
    const result = await this.kit.transaction(async (tx) => {
      await this.meetings.lockLog(tx, meetingId);
      return work(tx);
    });
    this.rooms.wake(meetingId);
    return result;
  }

  /** Appends events (inside `change`) and the new list of who is in the room when `peers`. */
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

  /** The audit row of a room change: the caller acted, on the patient the meeting is about. */
  audit(
    tx: Queryable,
    caller: Caller,
    meeting: StoredMeeting,
    action: 'joined' | 'left' | 'admitted' | 'ended',
    detail?: Record<string, unknown>,
  ): Promise<void> {
    return this.kit.audit.record(tx, caller, {
      action: `records.video-meeting-${action}`,
      resourceType: 'video-meeting',
      resourceId: meeting.id,
      subjectId: meeting.patient_user_id,
      detail,
    });
  }
}
