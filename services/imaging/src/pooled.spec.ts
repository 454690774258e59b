import { pooled } from './pooled';

describe('pooled', () => {
  it('runs at most `limit` items at once', async () => {
    let running = 0;
    let most = 0;
    await pooled([1, 2, 3, 4, 5, 6], 2, async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setImmediate(resolve));
      running--;
    });
    expect(most).toBe(2);
  });

  it('stops taking items after the first failure, and throws it once the items already started have finished', async () => {
    const seen: number[] = [];
    const finished: number[] = [];
    let release = () => undefined as void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const run = pooled([1, 2, 3, 4, 5, 6], 2, async (n) => {
      seen.push(n);
      if (n === 1) {
        await slow;
        finished.push(n);
      }
      if (n === 2) throw new Error('source down');
    });
    let settled = false;
    void run.catch(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    release();
    await expect(run).rejects.toThrow('source down');
    expect(finished).toEqual([1]);
    expect(seen).toEqual([1, 2]);
  });
});
