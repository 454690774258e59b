import * as path from 'node:path';
import { WorkerThread } from './worker-thread';

const TASKS = path.join(__dirname, 'worker-thread.fixture');

describe('WorkerThread', () => {
  const thread = new WorkerThread({ name: 'test', timeoutMs: 3_000 });
  afterAll(() => thread.close());

  it('runs a task in its thread, moving the bytes there and back', async () => {
    const bytes = new Uint8Array([1, 2, 3, 250]);
    const answer = await thread.run<{ sum: number; bytes: Uint8Array }>(
      TASKS,
      'sum',
      [bytes],
      [bytes.buffer],
    );
    expect(answer.sum).toBe(256);
    expect([...answer.bytes]).toEqual([1, 2, 3, 250]);
    // Moved, not copied: the caller's buffer is empty now.
    expect(bytes.byteLength).toBe(0);
  });

  it("moves back the bytes of each item of an array answer (a batch's files)", async () => {
    const list = [new Uint8Array([1, 2]), new Uint8Array([3])];
    const answer = await thread.run<Array<{ sum: number; bytes: Uint8Array }>>(
      TASKS,
      'sums',
      [list],
      list.map((b) => b.buffer),
    );
    expect(answer.map((a) => [a.sum, [...a.bytes]])).toEqual([
      [3, [1, 2]],
      [3, [3]],
    ]);
  });

  it('keeps the event loop turning while a task runs, gives up a task past its time, and starts a fresh thread for the next', async () => {
    let turns = 0;
    const ticker = setInterval(() => turns++, 50);
    await expect(thread.run(TASKS, 'spin', [])).rejects.toThrow('it took longer than 3 s');
    clearInterval(ticker);
    expect(turns).toBeGreaterThan(20);
    expect((await thread.run<{ sum: number }>(TASKS, 'sum', [new Uint8Array([7])])).sum).toBe(7);
  });

  it("counts a task's time from when it starts: a queue longer than the limit finishes, and a task that overruns fails alone", async () => {
    // Four tasks of 1.2 s queued at once: 4.8 s in all, each well inside the 3 s limit.
    await expect(
      Promise.all([1, 2, 3, 4].map(() => thread.run<number>(TASKS, 'busy', [1200]))),
    ).resolves.toEqual([1200, 1200, 1200, 1200]);
    const [stuck, after] = [
      thread.run(TASKS, 'spin', []),
      thread.run<{ sum: number }>(TASKS, 'sum', [new Uint8Array([5])]),
    ];
    await expect(stuck).rejects.toThrow('it took longer than 3 s');
    expect((await after).sum).toBe(5);
  });

  it("keeps an AppError's code across the thread's boundary", async () => {
    await expect(thread.run(TASKS, 'refuse', [])).rejects.toMatchObject({
      code: 'FILE.INVALID_TYPE',
      message: 'not this one',
    });
  });
});
