import type { BlobStore } from '@portal/server-kit';
import { localFileOf, stub } from '@portal/server-kit/testing';
import { ReportFiles, reportTypeOf } from './report-files';

const U = '11111111-1111-4111-8111-111111111111';
const K = `records/wbs/${U}/22222222-2222-4222-8222-222222222222`;
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(20)]);
const webm = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.alloc(8),
]);

describe('reportTypeOf', () => {
  it('knows PDF, MP4 and WebM by their first bytes, nothing else', () => {
    expect(reportTypeOf(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(reportTypeOf(mp4)).toBe('video/mp4');
    expect(reportTypeOf(webm)).toBe('video/webm');
    expect(reportTypeOf(Buffer.from('GIF89a....'))).toBeNull();
    expect(reportTypeOf(Buffer.from(' %PDF-'))).toBeNull();
  });
});

describe('ReportFiles.check', () => {
  const files = (bytes: Buffer | null) =>
    new ReportFiles(
      stub<BlobStore>({
        withLocalFile: bytes ? localFileOf(bytes) : jest.fn().mockRejectedValue(new Error('ENOENT')),
      }),
    );

  it("accepts a file of the caller's prefix whose bytes are of its kind", async () => {
    await expect(files(Buffer.from('%PDF-1.4 x')).check(U, K, 'PDF_REPORT', 'f')).resolves.toEqual({
      blobKey: K,
      contentType: 'application/pdf',
      size: 10,
    });
    await expect(files(webm).check(U, K, 'VIDEO_REPORT', 'v')).resolves.toMatchObject({
      contentType: 'video/webm',
    });
  });

  it("refuses another's key, a hostile key, a missing file and bytes of another kind, naming the field", async () => {
    const other = '33333333-3333-4333-8333-333333333333';
    for (const key of [
      `records/wbs/${other}/22222222-2222-4222-8222-222222222222`,
      '../../etc/passwd',
      `${K}/../../x`,
    ])
      await expect(files(Buffer.from('%PDF-')).check(U, key, 'PDF_REPORT', 'f')).rejects.toMatchObject({
        errors: { f: 'The file was not uploaded through your upload form' },
      });
    await expect(files(null).check(U, K, 'PDF_REPORT', 'f')).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
    });
    await expect(files(mp4).check(U, K, 'PDF_REPORT', 'f')).rejects.toMatchObject({
      errors: { f: 'The report file is not a PDF' },
    });
    await expect(files(Buffer.from('%PDF-')).check(U, K, 'VIDEO_REPORT', 'v')).rejects.toMatchObject({
      errors: { v: 'The video report is not an MP4 or WebM video' },
    });
  });
});
