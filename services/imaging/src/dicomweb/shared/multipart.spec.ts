import { multipartBody, readMultipart } from './multipart';

describe('multipart/related', () => {
  it('writes parts that it reads back byte for byte, a body holding CRLF and dashes included', () => {
    const bodies = [Buffer.from('\r\n--not-the-boundary\r\n'), Buffer.alloc(0), Buffer.from([0, 1, 2, 255])];
    const body = multipartBody(
      'b0undary',
      'application/octet-stream; transfer-syntax=1.2.840.10008.1.2.1',
      bodies,
    );
    const parts = readMultipart(body, 'b0undary')!;
    expect(parts.map((p) => p.body)).toEqual(bodies);
    expect(parts[0].headers['content-type']).toBe(
      'application/octet-stream; transfer-syntax=1.2.840.10008.1.2.1',
    );
  });

  it('reads a body with a preamble, several headers and LF-free ends, and refuses one without its close', () => {
    const body = Buffer.from(
      'ignored preamble\r\n--x\r\nContent-Type: application/dicom\r\nContent-Length: 3\r\n\r\nabc\r\n--x--\r\n',
    );
    expect(readMultipart(body, 'x')).toEqual([
      { headers: { 'content-type': 'application/dicom', 'content-length': '3' }, body: Buffer.from('abc') },
    ]);
    expect(readMultipart(Buffer.from('--x\r\nContent-Type: a\r\n\r\nabc'), 'x')).toBeNull();
    expect(readMultipart(Buffer.from('no delimiter at all'), 'x')).toBeNull();
  });
});
