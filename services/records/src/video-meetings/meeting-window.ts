import {
  MEETING_CLOSES_MINUTES_AFTER,
  MEETING_OPENS_MINUTES_BEFORE,
  type MeetingLinkState,
} from '@portal/contracts';

const MINUTE = 60_000;

export interface MeetingTimes {
  scheduled_start: Date;
  scheduled_end: Date;
  ended_at: Date | null;
}

/** A link opens a little before the start and closes a while after the planned end, unless the host ended it. */
export const meetingWindow = (m: MeetingTimes): { opensAt: Date; closesAt: Date } => ({
  opensAt: new Date(m.scheduled_start.getTime() - MEETING_OPENS_MINUTES_BEFORE * MINUTE),
  closesAt: m.ended_at ?? new Date(m.scheduled_end.getTime() + MEETING_CLOSES_MINUTES_AFTER * MINUTE),
});

export const linkState = (m: MeetingTimes, now: Date): MeetingLinkState => {
  const { opensAt, closesAt } = meetingWindow(m);
  if (m.ended_at || now >= closesAt) return 'ENDED';
  return now < opensAt ? 'EARLY' : 'OPEN';
};
