import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type Queryable } from '@portal/server-kit';
import {
  VideoMeetingRepository,
  type StoredMeeting,
  type StoredParticipant,
} from './video-meeting.repository';
import { hostOnly, meetingEnded, meetingNotFound, meetingNotYours, notInRoom } from './video-meetings.errors';

export const newRoomToken = (): { token: string; hash: string } => {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOf(token) };
};
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const tokenMatches = (token: string | undefined, hash: string | null): boolean => {
  if (!token || !hash || token.length > 128) return false;
  const a = Buffer.from(hashOf(token), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
};

export interface InRoom {
  meeting: StoredMeeting;
  participant: StoredParticipant;
}

/**
 * Who may use a meeting link: the participant's own user (signed in), nobody else; and once joined,
 * only with the room token of their latest join (joining again elsewhere retires the old window).
 */
@Injectable()
export class RoomAccess {
  constructor(private readonly meetings: VideoMeetingRepository) {}

  async ofLink(db: Queryable, meetingId: string, participantId: string, userId: string): Promise<InRoom> {
    const meeting = await this.meetings.findMeeting(db, meetingId);
    const participant = meeting && (await this.meetings.findParticipant(db, meetingId, participantId));
    if (!meeting || !participant) throw meetingNotFound();
    if (participant.user_id !== userId) throw meetingNotYours();
    return { meeting, participant };
  }

  async inRoom(
    db: Queryable,
    meetingId: string,
    participantId: string,
    userId: string,
    token: string | undefined,
  ): Promise<InRoom> {
    const room = await this.ofLink(db, meetingId, participantId, userId);
    // A window that missed the 'ended' event (between two polls) hears why it is out.
    if (room.meeting.ended_at) throw meetingEnded();
    if (room.participant.state === 'AWAY' || !tokenMatches(token, room.participant.token_hash))
      throw notInRoom();
    return room;
  }

  async host(
    db: Queryable,
    meetingId: string,
    participantId: string,
    userId: string,
    token: string | undefined,
  ): Promise<InRoom> {
    const room = await this.inRoom(db, meetingId, participantId, userId, token);
    if (room.participant.role !== 'HOST') throw hostOnly();
    return room;
  }
}
