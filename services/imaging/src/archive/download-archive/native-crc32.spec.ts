import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { unzipSync } from 'fflate';
import { ZipFile } from 'yazl';
import { giveYazlNativeCrc32 } from './native-crc32';

const yazlCrc32 = createRequire(require.resolve('yazl'))('buffer-crc32') as {
  unsigned: (data: Buffer | string, previous?: number) => number;
};

const zipOf = async (files: Record<string, Buffer>): Promise<Buffer> => {
  const zip = new ZipFile();
  for (const [name, bytes] of Object.entries(files)) zip.addBuffer(bytes, name, { compress: false });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('giveYazlNativeCrc32', () => {
  it("gives yazl the same CRC-32 as buffer-crc32's, whole and in pieces, and a zip that reads back", async () => {
    const data = randomBytes(100_003);
    const before = yazlCrc32.unsigned(data);
    const text = yazlCrc32.unsigned('DICM');
    const piecewise = yazlCrc32.unsigned(data.subarray(7), yazlCrc32.unsigned(data.subarray(0, 7)));
    giveYazlNativeCrc32();
    expect(yazlCrc32.unsigned(data)).toBe(before);
    expect(yazlCrc32.unsigned(data.subarray(7), yazlCrc32.unsigned(data.subarray(0, 7)))).toBe(piecewise);
    expect(yazlCrc32.unsigned('DICM')).toBe(text);
    const zip = await zipOf({ 'a.dcm': data, 'b.dcm': randomBytes(10) });
    // The first local file header carries the entry's CRC-32 at offset 14.
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    expect(zip.readUInt32LE(14)).toBe(before);
    expect(Buffer.from(unzipSync(new Uint8Array(zip))['a.dcm']).equals(data)).toBe(true);
  });
});
