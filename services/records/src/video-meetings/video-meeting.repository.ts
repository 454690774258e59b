import { Injectable } from '@nestjs/common';
import type { MeetingPeer, MeetingRole, RoomEvent } from '@portal/contracts';
import { type Queryable, returning } from '@portal/server-kit';

export interface StoredParticipant {
  id: string;
  meeting_id: string;
  user_id: string;
  role: MeetingRole;
  display_name: string;
  state: 'AWAY' | 'WAITING' | 'IN_CALL';
  admitted: boolean;
  token_hash: string | null;
}

export interface StoredMeeting {
  id: string;
  title: string;
  scheduled_start: Date;
  scheduled_end: Date;
  ended_at: Date | null;
  /** The scan of the meeting's consultation, and its patient (whose data the meeting is about). */
  scan_id: string;
  patient_user_id: string;
}

/** A participant who has not polled for this long is taken as gone (a closed tab never says goodbye). */
const PRESENCE_SECONDS = 40;

/** A body of the room's event log, without its sequence number. */
export type RoomEventBody = RoomEvent extends infer E
  ? E extends { seq: number }
    ? Omit<E, 'seq'>
    : never
  : never;

/** All SQL on video meetings, their participants and the room's event log. */
@Injectable()
export class VideoMeetingRepository {
  async findMeeting(db: Queryable, meetingId: string): Promise<StoredMeeting | null> {
    const [row] = await db.query(
      `SELECT m.id, m.title, m.scheduled_start, m.scheduled_end, m.ended_at, s.id AS scan_id, s.user_id AS patient_user_id
         FROM records.video_meetings m
         JOIN records.wbs_consultations c ON c.id = m.consultation_id
         JOIN records.whole_body_scans s ON s.id = c.scan_id
        WHERE m.id = $1`,
      [meetingId],
    );
    return (row as StoredMeeting) ?? null;
  }

  async findParticipant(
    db: Queryable,
    meetingId: string,
    participantId: string,
    lock = false,
  ): Promise<StoredParticipant | null> {
    const [row] = await db.query(
      `SELECT id, meeting_id, user_id, role, display_name, state, admitted, token_hash
         FROM records.video_meeting_participants WHERE id = $1 AND meeting_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [participantId, meetingId],
    );
    return (row as StoredParticipant) ?? null;
  }

  /** Enters the room: a host straight in, a guest who was let in before straight in again, anyone else waits. */
  async enter(db: Queryable, p: StoredParticipant, tokenHash: string): Promise<StoredParticipant> {
    const [row] = await returning<StoredParticipant>(
      db,
      `UPDATE records.video_meeting_participants
          SET token_hash = $2, seen_at = now(), admitted = admitted OR role = 'HOST',
              state = CASE WHEN admitted OR role = 'HOST' THEN 'IN_CALL' ELSE 'WAITING' END
        WHERE id = $1
        RETURNING id, meeting_id, user_id, role, display_name, state, admitted, token_hash`,
      [p.id, tokenHash],
    );
    return row;
  }

  async leave(db: Queryable, participantId: string): Promise<void> {
    await db.query(
      `UPDATE records.video_meeting_participants SET state = 'AWAY', token_hash = NULL WHERE id = $1`,
      [participantId],
    );
  }

  /** Lets a waiting participant in; false when they were not waiting. */
  async admit(db: Queryable, meetingId: string, participantId: string): Promise<boolean> {
    const rows = await returning(
      db,
      `UPDATE records.video_meeting_participants SET admitted = true, state = 'IN_CALL'
        WHERE id = $1 AND meeting_id = $2 AND state = 'WAITING' RETURNING id`,
      [participantId, meetingId],
    );
    return rows.length > 0;
  }

  /** Ends the meeting for everyone; its consultation is completed. */
  async end(db: Queryable, meetingId: string): Promise<void> {
    await db.query(`UPDATE records.video_meetings SET ended_at = now() WHERE id = $1 AND ended_at IS NULL`, [
      meetingId,
    ]);
    await db.query(
      `UPDATE records.video_meeting_participants SET state = 'AWAY', token_hash = NULL WHERE meeting_id = $1`,
      [meetingId],
    );
    await db.query(
      `UPDATE records.wbs_consultations c SET status = 'COMPLETED'
         FROM records.video_meetings m WHERE m.id = $1 AND c.id = m.consultation_id`,
      [meetingId],
    );
  }

  /** A poll says the participant is still there. */
  async seen(db: Queryable, participantId: string): Promise<void> {
    await db.query(`UPDATE records.video_meeting_participants SET seen_at = now() WHERE id = $1`, [
      participantId,
    ]);
  }

  /** Those in the room who stopped polling are marked away; true when anyone was. */
  async dropSilent(db: Queryable, meetingId: string): Promise<boolean> {
    const rows = await returning(
      db,
      `UPDATE records.video_meeting_participants SET state = 'AWAY', token_hash = NULL
        WHERE meeting_id = $1 AND state <> 'AWAY' AND seen_at < now() - make_interval(secs => $2) RETURNING id`,
      [meetingId, PRESENCE_SECONDS],
    );
    return rows.length > 0;
  }

  async peers(db: Queryable, meetingId: string): Promise<MeetingPeer[]> {
    const rows: Array<{ id: string; display_name: string; role: MeetingRole; state: MeetingPeer['state'] }> =
      await db.query(
        `SELECT id, display_name, role, state FROM records.video_meeting_participants
          WHERE meeting_id = $1 AND state <> 'AWAY' ORDER BY role, display_name`,
        [meetingId],
      );
    return rows.map((r) => ({
      participantId: r.id,
      display_name: r.display_name,
      role: r.role,
      state: r.state,
    }));
  }

  /**
   * Serialises writers of one meeting's log inside their transaction, so sequence numbers commit in
   * order and a poll that read up to N never misses a smaller N committed after it.
   */
  async lockLog(tx: Queryable, meetingId: string): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 27))`, [meetingId]);
  }

  /** Appends to the room's log (call lockLog first in the same transaction): to one participant, or to everyone (`to` null). */
  async append(db: Queryable, meetingId: string, to: string | null, body: RoomEventBody): Promise<number> {
    const [row] = await db.query(
      `INSERT INTO records.video_meeting_events (meeting_id, to_participant, body) VALUES ($1, $2, $3) RETURNING seq`,
      [meetingId, to, JSON.stringify(body)],
    );
    return Number(row.seq);
  }

  async lastSeq(db: Queryable, meetingId: string): Promise<number> {
    const [row] = await db.query(
      `SELECT COALESCE(MAX(seq), 0) AS seq FROM records.video_meeting_events WHERE meeting_id = $1`,
      [meetingId],
    );
    return Number(row.seq);
  }

  /** What one participant may read after a cursor: what was sent to them, and what was sent to all. */
  async eventsAfter(
    db: Queryable,
    meetingId: string,
    participantId: string,
    after: number,
  ): Promise<RoomEvent[]> {
    const rows: Array<{ seq: string; body: Omit<RoomEvent, 'seq'> }> = await db.query(
      `SELECT seq, body FROM records.video_meeting_events
        WHERE meeting_id = $1 AND seq > $3 AND (to_participant IS NULL OR to_participant = $2)
        ORDER BY seq LIMIT 200`,
      [meetingId, participantId, after],
    );
    return rows.map((r) => ({ ...r.body, seq: Number(r.seq) }) as RoomEvent);
  }
}
