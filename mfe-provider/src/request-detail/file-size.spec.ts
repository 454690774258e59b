import { fileSize } from './file-size';

describe('file sizes', () => {
  it('uses the largest unit that keeps a number of at least one', () => {
    expect(fileSize(0)).toBe('0 B');
    expect(fileSize(512)).toBe('512 B');
    expect(fileSize(1536)).toBe('1.5 KB');
    expect(fileSize(150 * 1024 * 1024)).toBe('150 MB');
    expect(fileSize(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});
