import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readDicomHeader } from '@portal/server-kit';
import { CT_IMAGE_STORAGE, GENERATED_CT_SIZE, generatedCt, generatedCtUids } from './generated-ct';

const PIXEL_BYTES = GENERATED_CT_SIZE * GENERATED_CT_SIZE * 2;
const pixelsOf = (file: Buffer) => file.subarray(file.length - PIXEL_BYTES);

describe('generated CT series', () => {
  const files = [...generatedCt({ slices: 4, label: 'spec' })];

  it('yields the asked number of CT Image Storage files of one study and series, one instance each', () => {
    expect(files).toHaveLength(4);
    const headers = files.map((f) => readDicomHeader(new Uint8Array(f)));
    const uids = generatedCtUids('spec');
    for (const h of headers) {
      expect(h).toMatchObject({
        studyInstanceUid: uids.study,
        seriesInstanceUid: uids.series,
        modality: 'CT',
      });
    }
    expect(headers.map((h) => h.sopInstanceUid)).toEqual([0, 1, 2, 3].map(uids.instance));
    expect(files[0].subarray(128, 132).toString('latin1')).toBe('DICM');
    expect(files[0].includes(Buffer.from(CT_IMAGE_STORAGE, 'latin1'))).toBe(true);
  });

  it('makes the same UIDs and bytes for the same label, other UIDs for another label', () => {
    const again = [...generatedCt({ slices: 4, label: 'spec' })];
    expect(again.every((f, i) => f.equals(files[i]))).toBe(true);
    expect(generatedCtUids('other').study).not.toBe(generatedCtUids('spec').study);
    for (const uid of [generatedCtUids('spec').study, generatedCtUids('spec').instance(299)])
      expect(uid).toMatch(/^2\.25\.\d{1,39}$/);
  });

  it('draws a phantom that changes from slice to slice: air outside the body, tissue in its middle', () => {
    const values = (f: Buffer) =>
      new Int16Array(pixelsOf(f).buffer.slice(pixelsOf(f).byteOffset, pixelsOf(f).byteOffset + PIXEL_BYTES));
    const first = values(files[0]);
    const last = values(files[3]);
    // Stored values are HU + 1024: the corner is air (-1000 HU), the body holds soft tissue or more.
    expect(first[0]).toBe(24);
    expect(first[(GENERATED_CT_SIZE / 2) * GENERATED_CT_SIZE + GENERATED_CT_SIZE / 2]).toBeGreaterThan(900);
    expect(pixelsOf(files[0]).equals(pixelsOf(files[3]))).toBe(false);
    expect(new Set(last).size).toBeGreaterThan(50);
  });

  it('writes files dcmtk reads without complaint', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'generated-ct-'));
    try {
      files.forEach((f, i) => fs.writeFileSync(path.join(dir, `${i}.dcm`), f));
      const dump = execFileSync(
        'dcmdump',
        [
          '-q',
          '+P',
          '0028,0010',
          '+P',
          '0028,1052',
          '+P',
          '0002,0010',
          ...files.map((_, i) => path.join(dir, `${i}.dcm`)),
        ],
        { encoding: 'utf8' },
      );
      expect(dump.match(/Rows/g)).toHaveLength(4);
      expect(dump).toContain('[-1024]');
      expect(dump).toContain('=LittleEndianExplicit');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
