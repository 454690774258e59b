import { Injectable } from '@nestjs/common';

/**
 * Wakes the long polls of a meeting when its log grows, so a signal crosses in milliseconds instead
 * of at the next check. In-process only: the poll also looks at the table on a short timer, so a
 * second records process (or a lost wake-up) costs latency, never a message.
 */
@Injectable()
export class MeetingRooms {
  private readonly sleepers = new Map<string, Set<() => void>>();

  wake(meetingId: string): void {
    const set = this.sleepers.get(meetingId);
    if (!set) return;
    this.sleepers.delete(meetingId);
    for (const resolve of set) resolve();
  }

  /** Resolves on the next wake of the meeting, or after `ms`. */
  sleep(meetingId: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const set = this.sleepers.get(meetingId) ?? new Set();
      this.sleepers.set(meetingId, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (!set.size && this.sleepers.get(meetingId) === set) this.sleepers.delete(meetingId);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
    });
  }
}
