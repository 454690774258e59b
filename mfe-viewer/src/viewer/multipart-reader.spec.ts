import { MultipartFormatError, MultipartReader, type StreamPart } from './multipart-reader';

const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const text = (p: StreamPart) => String.fromCharCode(...p.body);

/** A body of parts with the given headers, as a server writes it. */
const body = (parts: Array<{ body: string; headers?: Record<string, string> }>) =>
  parts
    .map(
      (p) =>
        `--b1\r\nContent-Type: application/octet-stream\r\n${Object.entries(p.headers ?? {})
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('')}\r\n${p.body}\r\n`,
    )
    .join('') + '--b1--\r\n';

/** Feeds `whole` in chunks of `size` bytes; answers every part in order. */
const read = (whole: string, size: number) => {
  const reader = new MultipartReader('b1');
  const parts: StreamPart[] = [];
  for (let i = 0; i < whole.length; i += size) parts.push(...reader.push(bytes(whole.slice(i, i + size))));
  return { parts, done: reader.done };
};

describe('MultipartReader', () => {
  const frames: Array<{ body: string; headers: Record<string, string> }> = [
    { body: 'AAAA', headers: { 'Content-Location': '/f/1', 'Content-Length': '4' } },
    // A body holding what looks like a delimiter's start, and CRLFs.
    { body: '\r\n--b\r\n-', headers: { 'Content-Location': '/f/2' } },
    { body: '', headers: { 'Content-Length': '0' } },
  ];

  it('hands out each part once whole, with its headers, whatever the chunk size', () => {
    for (const size of [1, 2, 3, 7, 64, 10_000]) {
      const { parts, done } = read(body(frames), size);
      expect(done).toBe(true);
      expect(parts.map(text)).toEqual(['AAAA', '\r\n--b\r\n-', '']);
      expect(parts.map((p) => p.headers['content-location'])).toEqual(['/f/1', '/f/2', undefined]);
      expect(parts[0].headers['content-type']).toBe('application/octet-stream');
    }
  });

  it('refuses a part whose Content-Length does not match its body', () => {
    expect(() => read(body([{ body: 'ABCDEFGH', headers: { 'Content-Length': '3' } }]), 5)).toThrow(
      MultipartFormatError,
    );
  });

  it('gives out a part before the body ends (a streamed series is drawn as it arrives)', () => {
    const reader = new MultipartReader('b1');
    const whole = body(frames);
    const cut = whole.indexOf('--b1', 10);
    expect(reader.push(bytes(whole.slice(0, cut + 6))).map(text)).toEqual(['AAAA']);
    expect(reader.done).toBe(false);
  });

  it('reads large parts arriving in many chunks', () => {
    const big = 'x'.repeat(3_000_000);
    const { parts } = read(
      body([{ body: big, headers: { 'Content-Length': String(big.length) } }, { body: 'y' }]),
      65_536,
    );
    expect(parts.map((p) => p.body.length)).toEqual([3_000_000, 1]);
  });

  it('refuses a delimiter followed by garbage and headers that never end', () => {
    expect(() => read('--b1XX\r\n', 100)).toThrow(MultipartFormatError);
    expect(() => read(`--b1\r\n${'h'.repeat(20_000)}`, 1000)).toThrow(MultipartFormatError);
  });
});
