import type { IndexedInstance } from '../instances/dicom-index/index-dicom';
import { Bounded, bySeries, ChunkStore } from './move-pipeline';

const part = (n: number) => ({ name: `i${n}` }) as unknown as IndexedInstance;

describe('study move pipeline', () => {
  it('groups listed instances by series in the order listed', () => {
    expect(
      bySeries([
        { series: 's1', sop: 'a' },
        { series: 's2', sop: 'b' },
        { series: 's1', sop: 'c' },
      ]),
    ).toEqual([
      { series: 's1', sops: ['a', 'c'] },
      { series: 's2', sops: ['b'] },
    ]);
  });

  it('stores chunks of 48 one at a time, in order, the rest at finish', async () => {
    const stored: number[][] = [];
    let active = 0;
    const chunks = new ChunkStore(async (parts) => {
      active += 1;
      expect(active).toBe(1);
      await new Promise((r) => setImmediate(r));
      stored.push(parts.map((p) => Number(p.name.slice(1))));
      active -= 1;
      return true;
    });
    for (let n = 0; n < 100; n++) await chunks.add(part(n));
    expect(await chunks.finish()).toBe(true);
    expect(stored.map((c) => c.length)).toEqual([48, 48, 4]);
    expect(stored.flat()).toEqual([...Array(100).keys()]);
  });

  it('stops storing once a store finds the move taken over, and passes on a failed store', async () => {
    const taken = new ChunkStore(async () => false);
    for (let n = 0; n < 50; n++) await taken.add(part(n));
    expect(await taken.finish()).toBe(false);
    const failing = new ChunkStore(async () => {
      throw new Error('quota');
    });
    for (let n = 0; n < 48; n++) await failing.add(part(n));
    await expect(failing.finish()).rejects.toThrow('quota');
  });

  it('runs at most `limit` tasks at once and throws the first failure on the next start or at drain', async () => {
    const bounded = new Bounded(2);
    let running = 0;
    let most = 0;
    const task =
      (fail = false) =>
      async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setImmediate(r));
        running -= 1;
        if (fail) throw new Error('not DICOM');
      };
    for (let n = 0; n < 5; n++) await bounded.start(task());
    await bounded.drain();
    expect(most).toBe(2);
    await bounded.start(task(true));
    await expect(bounded.drain()).rejects.toThrow('not DICOM');
  });
});
