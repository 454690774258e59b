import { MAX_OPEN_RANGE_BYTES, parseByteRange } from './byte-range';

describe('parseByteRange', () => {
  it('reads one range of bytes: closed, open, suffix; the end clamped to the file', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseByteRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 });
  });

  it('answers an open range of a large file in a bounded part', () => {
    expect(parseByteRange('bytes=0-', 10 * MAX_OPEN_RANGE_BYTES)).toEqual({
      start: 0,
      end: MAX_OPEN_RANGE_BYTES - 1,
    });
  });

  it('finds a range starting past the end unsatisfiable (416)', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=5000-6000', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });

  it('ignores what it does not read: no header, several ranges, other units, bad syntax, reversed', () => {
    for (const h of [undefined, '', 'bytes=0-1,5-6', 'items=0-1', 'bytes=a-b', 'bytes=-', 'bytes=9-2'])
      expect(parseByteRange(h, 1000)).toBe('none');
  });
});
