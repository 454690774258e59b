import * as fs from 'node:fs';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { MAX_INFLATED_DATASET_BYTES } from '@portal/server-kit';
import type { ByteRange, FrameIndex } from '../../instances/dicom-index/frame-index';

/** Reads byte ranges of a stored file: only those bytes, in one open (no parse at read time). */
const readRanges = async (file: string, ranges: ByteRange[]): Promise<Buffer[]> => {
  const handle = await fs.promises.open(file, 'r');
  try {
    return await Promise.all(
      ranges.map(async ([offset, length]) => {
        const out = Buffer.allocUnsafe(length);
        const { bytesRead } = await handle.read(out, 0, length, offset);
        return bytesRead === length ? out : out.subarray(0, bytesRead);
      }),
    );
  } finally {
    await handle.close();
  }
};

const inflate = promisify(inflateRaw);

/**
 * A deflated file's offsets are into its inflated form: the whole file is read and inflated (a rare
 * syntax), on zlib's thread pool and within the bound the file was indexed under.
 */
const readInflated = async (file: string, index: FrameIndex, ranges: ByteRange[]): Promise<Buffer[]> => {
  const bytes = await fs.promises.readFile(file);
  const from = index.inflateFrom ?? 0;
  const whole = Buffer.concat([
    bytes.subarray(0, from),
    await inflate(bytes.subarray(from), { maxOutputLength: MAX_INFLATED_DATASET_BYTES }),
  ]);
  return ranges.map(([offset, length]) => whole.subarray(offset, offset + length));
};

/** Each range group (a frame's fragments, a bulk value) as one buffer. */
export const readGroups = async (
  file: string,
  index: FrameIndex,
  groups: ByteRange[][],
): Promise<Buffer[]> => {
  const flat = groups.flat();
  const read =
    index.inflateFrom !== undefined ? await readInflated(file, index, flat) : await readRanges(file, flat);
  let at = 0;
  return groups.map((g) => {
    const parts = read.slice(at, (at += g.length));
    return parts.length === 1 ? parts[0] : Buffer.concat(parts);
  });
};
