import { linkState, meetingWindow } from './meeting-window';

const at = (iso: string) => new Date(iso);
const meeting = {
  scheduled_start: at('2026-11-26T10:00:00Z'),
  scheduled_end: at('2026-11-26T10:30:00Z'),
  ended_at: null,
};

describe('a meeting link opens only in its window', () => {
  it('opens 15 minutes before the start and closes an hour after the planned end', () => {
    expect(meetingWindow(meeting)).toEqual({
      opensAt: at('2026-11-26T09:45:00Z'),
      closesAt: at('2026-11-26T11:30:00Z'),
    });
    expect(linkState(meeting, at('2026-11-26T09:44:59Z'))).toBe('EARLY');
    expect(linkState(meeting, at('2026-11-26T09:45:00Z'))).toBe('OPEN');
    expect(linkState(meeting, at('2026-11-26T11:29:59Z'))).toBe('OPEN');
    expect(linkState(meeting, at('2026-11-26T11:30:00Z'))).toBe('ENDED');
  });

  it('is ended for good once the host ended it, however early', () => {
    const ended = { ...meeting, ended_at: at('2026-11-26T10:05:00Z') };
    expect(linkState(ended, at('2026-11-26T10:06:00Z'))).toBe('ENDED');
    expect(meetingWindow(ended).closesAt).toEqual(at('2026-11-26T10:05:00Z'));
  });
});
