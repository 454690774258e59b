/**
 * Reading a multipart/related answer as it streams (a WADO-RS series: hundreds of megabytes), one part
 * at a time: no part is copied more than once and the whole body is never in memory. Bytes are kept as
 * the chunks they arrived in; a delimiter split across chunks is still found.
 */

const CRLF = Buffer.from('\r\n', 'latin1');
const HEADERS_END = Buffer.from('\r\n\r\n', 'latin1');
/** Part headers longer than this are not headers. */
const HEADERS_LIMIT = 16 * 1024;
/** Chunks shorter than this are joined to the next, so a delimiter never spans more than two chunks. */
const SMALL_CHUNK = 256;

export class MultipartStreamError extends Error {}

/** Bytes received and not yet consumed, as a list of chunks. */
export class ByteQueue {
  private chunks: Buffer[] = [];
  length = 0;

  push(chunk: Buffer): void {
    const last = this.chunks.at(-1);
    if (last && (last.length < SMALL_CHUNK || chunk.length < SMALL_CHUNK))
      this.chunks[this.chunks.length - 1] = Buffer.concat([last, chunk]);
    else this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** The first position at or after `from` where `pattern` (shorter than SMALL_CHUNK) starts, or -1. */
  indexOf(pattern: Buffer, from = 0): number {
    let base = 0;
    for (let c = 0; c < this.chunks.length; c++) {
      const chunk = this.chunks[c];
      const end = base + chunk.length;
      if (end > from) {
        const local = chunk.indexOf(pattern, Math.max(0, from - base));
        if (local >= 0) return base + local;
        const next = this.chunks[c + 1];
        if (next) {
          // A match that starts in this chunk's last bytes and ends in the next one.
          const keep = Math.min(pattern.length - 1, chunk.length);
          const seam = Buffer.concat([
            chunk.subarray(chunk.length - keep),
            next.subarray(0, pattern.length - 1),
          ]);
          const j = seam.indexOf(pattern);
          if (j >= 0 && end - keep + j >= from) return end - keep + j;
        }
      }
      base = end;
    }
    return -1;
  }

  /** The first `n` bytes, removed (one copy at most). */
  take(n: number): Buffer {
    const out: Buffer[] = [];
    let left = n;
    while (left > 0) {
      const chunk = this.chunks[0];
      if (chunk.length <= left) {
        out.push(chunk);
        this.chunks.shift();
        left -= chunk.length;
      } else {
        out.push(chunk.subarray(0, left));
        this.chunks[0] = chunk.subarray(left);
        left = 0;
      }
    }
    this.length -= n;
    return out.length === 1 ? out[0] : Buffer.concat(out, n);
  }

  startsWith(bytes: Buffer): boolean {
    return this.length >= bytes.length && this.indexOf(bytes) === 0;
  }
}

/**
 * The bodies of a multipart body's parts, yielded as each one is complete (headers are read and
 * dropped: the caller checks each body's content itself). A part bigger than `partLimit`, headers
 * that never end, a malformed delimiter line or a body that ends mid-part fail with MultipartStreamError.
 */
export async function* streamMultipart(
  body: AsyncIterable<Uint8Array>,
  boundary: string,
  partLimit: number,
): AsyncGenerator<Buffer> {
  const delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  const q = new ByteQueue();
  // The first delimiter may open the body without a CRLF before it.
  q.push(Buffer.from(CRLF));
  let state: 'preamble' | 'headers' | 'body' = 'preamble';
  let scanned = 0;
  for await (const chunk of body) {
    q.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    for (;;) {
      if (state === 'headers') {
        // Headers run from the CRLF after the delimiter to an empty line (none: the CRLFCRLF at once).
        const end = q.indexOf(HEADERS_END);
        if (end < 0) {
          if (q.length > HEADERS_LIMIT) throw new MultipartStreamError('part headers do not end');
          break;
        }
        q.take(end + HEADERS_END.length);
        state = 'body';
        scanned = 0;
      }
      const at = q.indexOf(delimiter, scanned);
      if (at < 0 || q.length < at + delimiter.length + 2) {
        if (state === 'body' && q.length > partLimit + delimiter.length + 2)
          throw new MultipartStreamError('a part is larger than the portal takes');
        scanned = at >= 0 ? at : Math.max(0, q.length - delimiter.length + 1);
        break;
      }
      const part = q.take(at);
      q.take(delimiter.length);
      if (state === 'body' && part.length > partLimit)
        throw new MultipartStreamError('a part is larger than the portal takes');
      if (state === 'body') yield part;
      if (q.startsWith(Buffer.from('--', 'latin1'))) return;
      if (!q.startsWith(CRLF))
        throw new MultipartStreamError('a delimiter is followed by neither CRLF nor --');
      state = 'headers';
    }
  }
  throw new MultipartStreamError('the body ended before its closing delimiter');
}
