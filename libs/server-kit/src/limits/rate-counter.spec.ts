import { createRateCounter, MemoryRateCounter } from './rate-counter';

describe('MemoryRateCounter', () => {
  it('counts hits of a key within its window and says when the window ends', async () => {
    let now = 1_000;
    const counter = new MemoryRateCounter(() => now);
    expect(await counter.hit('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    now = 31_000;
    expect(await counter.hit('a', 60_000)).toEqual({ count: 2, resetInMs: 30_000 });
  });

  it('keeps keys apart', async () => {
    const counter = new MemoryRateCounter(() => 0);
    await counter.hit('a', 60_000);
    await counter.hit('a', 60_000);
    expect((await counter.hit('b', 60_000)).count).toBe(1);
  });

  it('starts a new count when the window has passed', async () => {
    let now = 0;
    const counter = new MemoryRateCounter(() => now);
    for (let i = 0; i < 5; i++) await counter.hit('a', 60_000);
    now = 59_999;
    expect((await counter.hit('a', 60_000)).count).toBe(6);
    now = 60_000;
    expect(await counter.hit('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });

  it('forgets everything on close', async () => {
    const counter = new MemoryRateCounter(() => 0);
    await counter.hit('a', 60_000);
    await counter.close();
    expect((await counter.hit('a', 60_000)).count).toBe(1);
  });
});

describe('createRateCounter', () => {
  it('counts in memory without REDIS_URL', async () => {
    const counter = createRateCounter({ redisUrl: undefined }, 'test');
    expect(counter).toBeInstanceOf(MemoryRateCounter);
    await counter.close();
  });
});
