import {
  type JoinAnswer,
  MEETING_TOKEN_HEADER,
  type RoomEvent,
  type RoomEvents,
  type SignalInput,
  VIDEO_MEETING_API,
} from '@portal/contracts';
import { apiFetch, ApiError } from '@portal/api';

export interface RoomHandlers {
  onEvent: (event: RoomEvent) => void;
  /** The room is gone for this window: the host ended it, the link was joined elsewhere, or the server refused. */
  onClosed: (why: string) => void;
}

/** After a failed poll (network, a restart), wait this long before the next. */
const RETRY_MS = 1_000;

/**
 * One participant's side of the room's signalling: the room token of its join, a long-poll loop that
 * hands each event over in order, and the calls made with the token (signal, admit, leave, end).
 */
export class RoomClient {
  private cursor: number;
  private readonly abort = new AbortController();
  private stopped = false;

  constructor(
    private readonly meetingId: string,
    private readonly participantId: string,
    private readonly join: JoinAnswer,
    private readonly handlers: RoomHandlers,
  ) {
    this.cursor = join.cursor;
  }

  start(): void {
    void this.loop();
  }

  private get headers() {
    return { [MEETING_TOKEN_HEADER]: this.join.token };
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        const url = `${VIDEO_MEETING_API.signals(this.meetingId, this.participantId)}?after=${this.cursor}`;
        const res = await apiFetch<RoomEvents>(url, { headers: this.headers, signal: this.abort.signal });
        this.cursor = res.cursor;
        for (const event of res.events) {
          if (this.stopped) return;
          this.handlers.onEvent(event);
          if (event.type === 'ended') return this.close('ended');
        }
      } catch (e) {
        if (this.stopped) return;
        // 409: this window's token is no longer the room's (left, joined elsewhere, ended).
        if (e instanceof ApiError && (e.status === 409 || e.status === 403 || e.status === 404))
          return this.close(e.message);
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
    this.abort.abort();
  }

  signal(input: SignalInput): Promise<unknown> {
    return apiFetch(VIDEO_MEETING_API.signals(this.meetingId, this.participantId), {
      method: 'POST',
      body: input,
      headers: this.headers,
    });
  }

  admit(participantId: string): Promise<unknown> {
    return apiFetch(VIDEO_MEETING_API.admit(this.meetingId, this.participantId), {
      method: 'POST',
      body: { participantId },
      headers: this.headers,
    });
  }

  /** Leaves (the same link joins again); `keepalive` so it is sent even while the tab closes. */
  leave(): Promise<unknown> {
    this.stop();
    return apiFetch(VIDEO_MEETING_API.leaveMeeting(this.meetingId, this.participantId), {
      method: 'POST',
      headers: this.headers,
    }).catch(() => undefined);
  }

  end(): Promise<unknown> {
    return apiFetch(VIDEO_MEETING_API.end(this.meetingId, this.participantId), {
      method: 'POST',
      headers: this.headers,
    });
  }
}
