/**
 * Reads a multipart/related answer as it arrives (a series' pixel data: hundreds of megabytes), handing
 * out each part once it is whole: no part waits for the rest of the body, and only the part being read
 * is buffered. A part with a Content-Length is copied once, straight from the chunks into its own
 * array (a frame of a series: no search through its bytes); a part without one ends at the delimiter.
 */

export interface StreamPart {
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Uint8Array;
}

const CR = 0x0d;
const LF = 0x0a;
const DASH = 0x2d;
/** Headers longer than this are not part headers. */
const HEADERS_LIMIT = 16 * 1024;

const latin1 = (bytes: Uint8Array): string => {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += String.fromCharCode(bytes[i]);
  return out;
};

export class MultipartFormatError extends Error {}

export class MultipartReader {
  private buf = new Uint8Array(1 << 20);
  private start = 0;
  private end = 0;
  private state: 'preamble' | 'headers' | 'body' | 'delimiter' | 'done' = 'preamble';
  private headers: Record<string, string> = {};
  /** The body of a part with a Content-Length, being filled, and how much of it is. */
  private target: Uint8Array | null = null;
  private filled = 0;
  /** `\r\n--boundary`: what ends every part's body. */
  private readonly delimiter: Uint8Array;

  constructor(boundary: string) {
    this.delimiter = Uint8Array.from(`\r\n--${boundary}`, (c) => c.charCodeAt(0));
    // The first delimiter may open the body without a CRLF before it.
    this.append(Uint8Array.of(CR, LF));
  }

  get done(): boolean {
    return this.state === 'done';
  }

  /** Takes the next chunk of the body; answers the parts it completed. */
  push(chunk: Uint8Array): StreamPart[] {
    const parts: StreamPart[] = [];
    let rest = chunk;
    if (this.target) rest = this.fill(rest, parts);
    if (this.state === 'done' || !rest.length) return parts;
    this.append(rest);
    for (;;) {
      const part = this.step();
      if (part === false) break;
      if (part) parts.push(part);
      // A body now filled from the chunks themselves: what is buffered went into it.
      if (this.target) break;
    }
    return parts;
  }

  /** Copies the chunk's bytes into the part being filled; answers what is left of the chunk. */
  private fill(chunk: Uint8Array, parts: StreamPart[]): Uint8Array {
    const target = this.target as Uint8Array;
    const n = Math.min(target.length - this.filled, chunk.length);
    target.set(chunk.subarray(0, n), this.filled);
    this.filled += n;
    if (this.filled < target.length) return chunk.subarray(chunk.length);
    parts.push({ headers: this.headers, body: target });
    this.target = null;
    this.state = 'delimiter';
    return chunk.subarray(n);
  }

  /** One move of the state machine: a part, null (moved on, no part), or false (needs more bytes). */
  private step(): StreamPart | null | false {
    if (this.state === 'done') return false;
    if (this.state === 'preamble' || this.state === 'delimiter') {
      const at = this.indexOf(this.delimiter, this.start);
      if (this.state === 'delimiter' && this.end - this.start >= this.delimiter.length && at !== this.start)
        throw new MultipartFormatError('a part is longer than its Content-Length');
      if (at < 0) return false;
      this.start = at + this.delimiter.length;
      const next = this.afterDelimiter();
      // Until the two bytes after the delimiter are here, it is read again on the next push.
      if (next === false) this.start = at;
      return next;
    }
    if (this.state === 'headers') {
      const at = this.indexOf(Uint8Array.of(CR, LF, CR, LF), this.start);
      if (at < 0) {
        if (this.end - this.start > HEADERS_LIMIT) throw new MultipartFormatError('part headers do not end');
        return false;
      }
      this.headers = {};
      for (const line of latin1(this.buf.subarray(this.start, at)).split('\r\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) this.headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      // The CRLF ending the headers is also where the body starts: `start` points after it.
      this.start = at + 4;
      this.state = 'body';
      return null;
    }
    const length = Number(this.headers['content-length']);
    if (Number.isInteger(length) && length >= 0) {
      const here = Math.min(length, this.end - this.start);
      this.target = new Uint8Array(length);
      this.filled = 0;
      const parts: StreamPart[] = [];
      this.fill(this.buf.subarray(this.start, this.start + here), parts);
      this.start += here;
      return parts[0] ?? null;
    }
    const bodyEnd = this.indexOf(this.delimiter, this.start);
    if (bodyEnd < 0) return false;
    const part = { headers: this.headers, body: this.buf.slice(this.start, bodyEnd) };
    // What follows the delimiter is read as after the preamble's (it may not be here yet).
    this.start = bodyEnd;
    this.state = 'preamble';
    return part;
  }

  /** After a delimiter: `--` closes the body, CRLF opens the next part's headers. */
  private afterDelimiter(): null | false {
    if (this.end - this.start < 2) return false;
    const [a, b] = [this.buf[this.start], this.buf[this.start + 1]];
    if (a === DASH && b === DASH) {
      this.state = 'done';
      return null;
    }
    if (a !== CR || b !== LF)
      throw new MultipartFormatError('a delimiter is followed by neither CRLF nor --');
    this.start += 2;
    this.state = 'headers';
    return null;
  }

  private matches(pattern: Uint8Array, at: number): boolean {
    if (at + pattern.length > this.end) return false;
    for (let j = 0; j < pattern.length; j++) if (this.buf[at + j] !== pattern[j]) return false;
    return true;
  }

  private indexOf(pattern: Uint8Array, from: number): number {
    const last = this.end - pattern.length;
    for (
      let i = this.buf.indexOf(pattern[0], from);
      i >= 0 && i <= last;
      i = this.buf.indexOf(pattern[0], i + 1)
    ) {
      if (this.matches(pattern, i)) return i;
    }
    return -1;
  }

  private append(chunk: Uint8Array): void {
    if (this.end + chunk.length > this.buf.length) {
      this.compact();
      if (this.end + chunk.length > this.buf.length) {
        const bigger = new Uint8Array(Math.max(this.buf.length * 2, this.end + chunk.length));
        bigger.set(this.buf.subarray(0, this.end));
        this.buf = bigger;
      }
    }
    this.buf.set(chunk, this.end);
    this.end += chunk.length;
  }

  /** Drops the bytes already read (only when room is needed: a part arrives in many chunks). */
  private compact(): void {
    if (this.start === 0) return;
    this.buf.copyWithin(0, this.start, this.end);
    this.end -= this.start;
    this.start = 0;
  }
}
