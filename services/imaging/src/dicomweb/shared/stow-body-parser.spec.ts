import { Readable } from 'node:stream';
import { readStowBody } from './stow-body-parser';

/** A body as Node's HTTP server hands it on: chunks, one after another. */
const body = (...chunks: string[]) => Readable.from(chunks.map((c) => Buffer.from(c)));

describe('readStowBody', () => {
  it('reads the whole body into shared memory, for the DICOM index thread to read in place', async () => {
    const read = await readStowBody(body('--b\r\n', 'DICM', '\r\n--b--'), 100);
    expect(read.toString()).toBe('--b\r\nDICM\r\n--b--');
    expect(read.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('refuses a body past the limit and stops reading it', async () => {
    const big = body('ab', 'cd', 'ef');
    await expect(readStowBody(big, 3)).rejects.toMatchObject({ code: 'FILE.TOO_LARGE' });
    expect(big.destroyed).toBe(true);
  });

  it('reads nothing when the parser left no stream', async () => {
    expect(await readStowBody(undefined)).toHaveLength(0);
  });
});
