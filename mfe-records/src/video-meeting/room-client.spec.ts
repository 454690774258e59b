import type { RoomEvents } from '@portal/contracts';
import { type Abortable, RoomClient, type RoomCalls } from './room-client';

const answer = (
  value: RoomEvents | { status: number; message: string },
  fails = false,
): Abortable<RoomEvents> => ({
  unwrap: () => (fails ? Promise.reject(value) : Promise.resolve(value as RoomEvents)),
  abort: jest.fn(),
});

const calls = (polls: Abortable<RoomEvents>[]): RoomCalls & { afters: number[] } => {
  const afters: number[] = [];
  return {
    afters,
    poll: (after) => {
      afters.push(after);
      return polls.shift() ?? { unwrap: () => new Promise(() => undefined), abort: jest.fn() };
    },
    signal: jest.fn(async () => undefined),
    admit: jest.fn(async () => undefined),
    leave: jest.fn(async () => undefined),
    end: jest.fn(async () => undefined),
  };
};

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("a participant's room client", () => {
  it('hands over events in order and polls on from the last cursor', async () => {
    const c = calls([
      answer({
        cursor: 5,
        events: [
          { seq: 4, type: 'admitted' },
          { seq: 5, type: 'peers', peers: [] },
        ],
      }),
      answer({ cursor: 6, events: [{ seq: 6, type: 'signal', from: 'p', kind: 'offer', payload: {} }] }),
    ]);
    const seen: string[] = [];
    new RoomClient({ token: 't', admitted: false, cursor: 3 }, c, {
      onEvent: (e) => seen.push(e.type),
      onClosed: jest.fn(),
    }).start();
    await flush();
    expect(seen).toEqual(['admitted', 'peers', 'signal']);
    expect(c.afters).toEqual([3, 5, 6]);
  });

  it('closes when the host ends the meeting, or when the room refuses this window', async () => {
    const ended = jest.fn();
    new RoomClient(
      { token: 't', admitted: true, cursor: 0 },
      calls([answer({ cursor: 1, events: [{ seq: 1, type: 'ended' }] })]),
      {
        onEvent: jest.fn(),
        onClosed: ended,
      },
    ).start();
    const refused = jest.fn();
    new RoomClient(
      { token: 't', admitted: true, cursor: 0 },
      calls([answer({ status: 409, message: 'You are not in this meeting.' }, true)]),
      { onEvent: jest.fn(), onClosed: refused },
    ).start();
    await flush();
    expect(ended).toHaveBeenCalledWith('ended');
    expect(refused).toHaveBeenCalledWith('You are not in this meeting.');
  });

  it('gives up its waiting poll when it leaves', async () => {
    const pending = { unwrap: () => new Promise<RoomEvents>(() => undefined), abort: jest.fn() };
    const c = calls([pending]);
    const client = new RoomClient({ token: 't', admitted: true, cursor: 0 }, c, {
      onEvent: jest.fn(),
      onClosed: jest.fn(),
    });
    client.start();
    await flush();
    await client.leave();
    expect(pending.abort).toHaveBeenCalled();
    expect(c.leave).toHaveBeenCalled();
  });
});
