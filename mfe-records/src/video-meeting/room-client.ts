import type { JoinAnswer, RoomEvent, RoomEvents, SignalInput } from '@portal/contracts';
import { queryError } from '@portal/api';

export interface RoomHandlers {
  onEvent: (event: RoomEvent) => void;
  /** The room is gone for this window: the host ended it, the link was joined elsewhere, or the server refused. */
  onClosed: (why: string) => void;
}

/** A call that can be given up (an RTK Query mutation's trigger answers one). */
export interface Abortable<T> {
  unwrap(): Promise<T>;
  abort(): void;
}

/** The room's calls as the remote's API makes them, with this window's room token already in. */
export interface RoomCalls {
  poll(after: number): Abortable<RoomEvents>;
  signal(input: SignalInput): Promise<unknown>;
  admit(participantId: string): Promise<unknown>;
  leave(): Promise<unknown>;
  end(): Promise<unknown>;
}

/** After a failed poll (network, a restart), wait this long before the next. */
const RETRY_MS = 1_000;
/** Refusals that mean this window is out of the room for good (left, joined elsewhere, ended, not theirs). */
const CLOSED = [403, 404, 409];

/**
 * One participant's side of the room's signalling: a long-poll loop that hands each event over in
 * order from the cursor of its join, and the calls made with the room token.
 */
export class RoomClient {
  private cursor: number;
  private current: Abortable<RoomEvents> | null = null;
  private stopped = false;

  constructor(
    join: JoinAnswer,
    private readonly calls: RoomCalls,
    private readonly handlers: RoomHandlers,
  ) {
    this.cursor = join.cursor;
  }

  start(): void {
    void this.loop();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        this.current = this.calls.poll(this.cursor);
        const res = await this.current.unwrap();
        this.cursor = res.cursor;
        for (const event of res.events) {
          if (this.stopped) return;
          this.handlers.onEvent(event);
          if (event.type === 'ended') return this.close('ended');
        }
      } catch (e) {
        if (this.stopped) return;
        const error = queryError(e);
        if (CLOSED.includes(error.status)) return this.close(error.message);
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
  }

  private close(why: string): void {
    this.stop();
    this.handlers.onClosed(why);
  }

  stop(): void {
    this.stopped = true;
    this.current?.abort();
  }

  signal(input: SignalInput): Promise<unknown> {
    return this.calls.signal(input);
  }

  admit(participantId: string): Promise<unknown> {
    return this.calls.admit(participantId);
  }

  /** Leaves (the same link joins again). */
  leave(): Promise<unknown> {
    this.stop();
    return this.calls.leave().catch(() => undefined);
  }

  end(): Promise<unknown> {
    return this.calls.end();
  }
}
