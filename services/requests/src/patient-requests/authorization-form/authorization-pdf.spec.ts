import { PDFDocument } from 'pdf-lib';
import { buildAuthorizationPdf } from './authorization-pdf';

export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('buildAuthorizationPdf', () => {
  it('makes a real PDF with the signature embedded, even for text outside the standard fonts', async () => {
    const bytes = await buildAuthorizationPdf({
      template: { title: 'Authorization', text: `First paragraph ${'long words '.repeat(200)}\n\nSecond` },
      facility: { name: 'St. Mary Imaging Center', address: '120 Harbor Ave, Boston MA 02110' },
      patient: { name: 'Pat Jordan 😀', dateOfBirth: '03/12/1984', mrn: 'MRN-1' },
      requester: { name: 'Pat Jordan', email: 'patient@example.com', capacity: 'self' },
      recordTypes: ['Images'],
      signaturePng: PNG_1PX,
      signedAt: new Date('2026-01-02T00:00:00Z'),
    });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('Authorization');
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
  });
});
