import type { FramePreparation } from './native-pixels';
import { answerStreamAsk, type StreamNews } from './series-parts';

const CT: FramePreparation = {
  facts: {
    samplesPerPixel: 1,
    photometric: 'MONOCHROME2',
    modality: 'CT',
    hasModalityLutSequence: false,
    rows: 1,
    columns: 2,
    bitsAllocated: 16,
    bitsStored: 16,
    pixelRepresentation: 1,
  },
  slope: 1,
  intercept: -1024,
};
const NATIVE = 'application/octet-stream; transfer-syntax=1.2.840.10008.1.2.1';
const frameUrl = (sop: string) => `/api/dicomweb/studies/1.2/series/1.2.3/instances/${sop}/frames/1`;

/** A series' pixel data answer: each frame a part of 4 bytes (two Int16 samples), in chunks of `size`. */
const answer = (
  frames: Array<{ sop: string; samples: number[] }>,
  { size = 7, status = 200, whole = true } = {},
) => {
  const parts = frames.map((f) => {
    const head = `--b1\r\nContent-Type: ${NATIVE}\r\nContent-Location: ${frameUrl(f.sop)}\r\nContent-Length: 4\r\n\r\n`;
    const bytes = new Uint8Array(Int16Array.from(f.samples).buffer);
    return [...Uint8Array.from(head, (c) => c.charCodeAt(0)), ...bytes, 13, 10];
  });
  const all = Uint8Array.from([
    ...parts.flat(),
    ...(whole ? Array.from('--b1--\r\n', (c) => c.charCodeAt(0)) : []),
  ]);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < all.length; i += size) chunks.push(all.slice(i, i + size));
  return {
    ok: status < 400,
    status,
    headers: new Map([['content-type', 'multipart/related; type="application/octet-stream"; boundary=b1']]),
    body: {
      getReader: () => ({
        read: async () => (chunks.length ? { done: false, value: chunks.shift() } : { done: true }),
      }),
    },
  } as unknown as Response;
};

/** Runs the worker's job against `response`; answers what it posted and what it moved. */
const run = async (response: Response, preparations = new Map<string, FramePreparation>()) => {
  const posted: Array<{ news: StreamNews; transfer: Transferable[] }> = [];
  const fetchAnswer = jest.fn(async () => response);
  await answerStreamAsk(
    { url: 'http://portal.test/px', headers: { 'x-viewer-token': 'tok' } },
    preparations,
    (news, transfer = []) => posted.push({ news, transfer }),
    fetchAnswer as unknown as typeof fetch,
  );
  return { posted, fetchAnswer };
};

describe("the series stream's worker", () => {
  it('makes the call it was given, with its headers and the cookies', async () => {
    const { fetchAnswer } = await run(answer([]));
    expect(fetchAnswer).toHaveBeenCalledWith('http://portal.test/px', {
      headers: { 'x-viewer-token': 'tok' },
      credentials: 'include',
    });
  });

  it('posts every frame with its bytes moved, rescaled where its instance is known, then the end', async () => {
    const { posted } = await run(
      answer([
        { sop: '1.1', samples: [0, 2048] },
        { sop: '1.2', samples: [5, 6] },
      ]),
      new Map([['1.1', CT]]),
    );
    const parts = posted.flatMap((p) => ('parts' in p.news ? p.news.parts : []));
    expect(parts.map((p) => p.headers['content-location'])).toEqual([frameUrl('1.1'), frameUrl('1.2')]);
    // The known instance: rescaled to HU where its bytes lie, with its range.
    expect([...parts[0].prepared!.samples]).toEqual([-1024, 1024]);
    expect(parts[0].prepared).toMatchObject({ min: -1024, max: 1024 });
    expect(parts[0].prepared!.samples.buffer).toBe(parts[0].body.buffer);
    // The other is left to the page, its stored bytes as they came.
    expect(parts[1].prepared).toBeUndefined();
    expect([...new Int16Array(parts[1].body.buffer)]).toEqual([5, 6]);
    // Each buffer moved once (the samples lie in the body's own buffer).
    const moved = posted.flatMap((p) => p.transfer);
    expect(moved).toEqual(parts.map((p) => p.body.buffer));
    expect(posted.at(-1)!.news).toEqual({ end: true });
  });

  it('says why when the server refuses or the answer breaks off, and posts no end', async () => {
    const refused = await run(answer([], { status: 401 }));
    expect(refused.posted.map((p) => p.news)).toEqual([{ failed: 'series pixel data answered 401' }]);
    const broken = await run(answer([{ sop: '1.1', samples: [1, 2] }], { whole: false }));
    expect(broken.posted.at(-1)!.news).toEqual({ failed: 'series pixel data ended before its last part' });
    expect(broken.posted.some((p) => 'end' in p.news)).toBe(false);
  });
});
