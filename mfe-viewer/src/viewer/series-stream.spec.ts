import { openSeriesAhead, takeSeriesStream } from './series-stream';

/** Every fetch the stream makes, held open until its signal stops it. */
const asked: Array<{ url: string; signal: AbortSignal }> = [];

beforeEach(() => {
  asked.length = 0;
  global.fetch = jest.fn(
    (url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = init?.signal as AbortSignal;
        asked.push({ url: String(url), signal });
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  ) as typeof fetch;
});

afterEach(() => jest.useRealTimers());

describe('a series opened ahead of its viewer', () => {
  it('is the stream the viewer takes: the frames are asked once, and the viewer closing stops them', () => {
    openSeriesAhead('1.2', '1.2.3', 'tok');
    openSeriesAhead('1.2', '1.2.3', 'tok'); // a second click asks nothing more
    const closed = new AbortController();
    takeSeriesStream('1.2', '1.2.3', 'tok', closed.signal);
    expect(asked.map((a) => a.url)).toEqual([expect.stringContaining('/studies/1.2/series/1.2.3/pixeldata')]);
    expect(asked[0].signal.aborted).toBe(false);
    closed.abort();
    expect(asked[0].signal.aborted).toBe(true);
  });

  it('is not taken by another series or another token: those ask for their own', () => {
    openSeriesAhead('1.2', '1.2.3', 'tok');
    takeSeriesStream('1.2', '1.2.4', 'tok', new AbortController().signal);
    takeSeriesStream('1.2', '1.2.3', 'other', new AbortController().signal);
    expect(asked.map((a) => a.url.split('/series/')[1])).toEqual([
      '1.2.3/pixeldata',
      '1.2.4/pixeldata',
      '1.2.3/pixeldata',
    ]);
    const closed = new AbortController();
    takeSeriesStream('1.2', '1.2.3', 'tok', closed.signal);
    closed.abort();
  });

  it('is stopped when no viewer takes it within 10 s', () => {
    jest.useFakeTimers();
    openSeriesAhead('9.9', '9.9.1', 'tok');
    jest.advanceTimersByTime(9_999);
    expect(asked[0].signal.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    expect(asked[0].signal.aborted).toBe(true);
    // Stopped, it is no longer there to be taken: the viewer asks again.
    takeSeriesStream('9.9', '9.9.1', 'tok', new AbortController().signal);
    expect(asked).toHaveLength(2);
  });

  it('is stopped at once when the viewer that takes it has already closed', () => {
    openSeriesAhead('1.3', '1.3.1', 'tok');
    const closed = new AbortController();
    closed.abort();
    takeSeriesStream('1.3', '1.3.1', 'tok', closed.signal);
    expect(asked[0].signal.aborted).toBe(true);
  });
});
