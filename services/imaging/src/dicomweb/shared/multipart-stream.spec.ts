import { multipartBody } from './multipart';
import { ByteQueue, MultipartStreamError, streamMultipart } from './multipart-stream';

/** The body as chunks cut at the given sizes (the last takes the rest). */
async function* chunksOf(body: Buffer, sizes: number[]): AsyncGenerator<Uint8Array> {
  let at = 0;
  for (const size of sizes) {
    if (at >= body.length) return;
    yield body.subarray(at, at + size);
    at += size;
  }
  if (at < body.length) yield body.subarray(at);
}
const read = async (body: AsyncIterable<Uint8Array>, boundary = 'b0undary', limit = 1e6) => {
  const parts: string[] = [];
  for await (const part of streamMultipart(body, boundary, limit)) parts.push(part.toString('latin1'));
  return parts;
};
const bodies = ['first part', '', 'third with \r\n--b0undar in it', 'x'.repeat(1000)].map((s) =>
  Buffer.from(s),
);
const body = multipartBody('b0undary', 'application/dicom', bodies);

describe('streamMultipart', () => {
  it('yields every part whole wherever the chunks are cut, one byte to the whole body', async () => {
    const expected = bodies.map((b) => b.toString('latin1'));
    for (let cut = 1; cut <= body.length; cut += cut < 80 ? 1 : 97)
      expect(await read(chunksOf(body, Array(Math.ceil(body.length / cut)).fill(cut)))).toEqual(expected);
  });

  it('refuses a part past the limit, headers that never end and a body cut short', async () => {
    await expect(read(chunksOf(body, [64]), 'b0undary', 100)).rejects.toThrow(MultipartStreamError);
    const noHeadersEnd = Buffer.concat([
      Buffer.from('--b0undary\r\nContent-Type: x'),
      Buffer.alloc(20_000, 65),
    ]);
    await expect(read(chunksOf(noHeadersEnd, [4096]))).rejects.toThrow('part headers do not end');
    await expect(read(chunksOf(body.subarray(0, body.length - 20), [50]))).rejects.toThrow('ended before');
    await expect(read(chunksOf(Buffer.from('--b0undary\r\n\r\nabc\r\n--b0undaryXX'), [5]))).rejects.toThrow(
      'neither CRLF nor --',
    );
  });
});

describe('ByteQueue', () => {
  it('finds a pattern across a seam and takes bytes with one copy', () => {
    const q = new ByteQueue();
    q.push(Buffer.alloc(300, 97));
    q.push(Buffer.concat([Buffer.from('--b'), Buffer.alloc(300, 98)]));
    q.push(Buffer.from('oundary'));
    expect(q.indexOf(Buffer.from('a--b'))).toBe(299);
    expect(q.take(301).length).toBe(301);
    expect(q.length).toBe(309);
    expect(q.startsWith(Buffer.from('-b'))).toBe(true);
  });
});
