/** A satisfiable single byte range of a file of `size` bytes: first and last byte, inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A range asked without an end is answered at most this long; the player asks for the rest as it plays. */
export const MAX_OPEN_RANGE_BYTES = 16 * 1024 * 1024;

/**
 * The Range header of a GET (RFC 9110 §14): one range of bytes (`bytes=a-b`, `bytes=a-`, `bytes=-n`).
 * Answers 'none' when there is none or it is not one we read (several ranges, another unit, bad
 * syntax: RFC 9110 lets a server ignore it and send the whole file), 'unsatisfiable' when it starts
 * past the end (416), else the range, its end clamped to the file and an open range to MAX_OPEN_RANGE_BYTES.
 */
export const parseByteRange = (
  header: string | undefined,
  size: number,
): ByteRange | 'none' | 'unsatisfiable' => {
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return 'none';
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (!Number.isSafeInteger(suffix)) return 'none';
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? start + MAX_OPEN_RANGE_BYTES - 1 : Number(m[2]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return 'none';
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
};
