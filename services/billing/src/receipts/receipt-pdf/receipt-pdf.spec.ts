import type { Receipt } from '@portal/contracts';
import { PDFDocument } from 'pdf-lib';
import { receiptPdf } from './receipt-pdf';

const receipt = (over: Partial<Receipt> = {}): Receipt => ({
  id: 'in_1',
  number: 'INV-0001',
  paidAt: '2026-01-01T00:01:00.000Z',
  amountCents: 999,
  currency: 'usd',
  description: 'Plus storage plan',
  periodStart: '2026-01-01T00:00:00.000Z',
  periodEnd: '2026-02-01T00:00:00.000Z',
  ...over,
});

describe('receiptPdf', () => {
  it('makes a one-page PDF titled with the receipt number', async () => {
    const pdf = await receiptPdf(receipt(), { name: 'Pat Jordan', email: 'pat@example.com' });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Receipt INV-0001');
  });

  it('draws a name in a script Helvetica cannot encode instead of throwing', async () => {
    const pdf = await receiptPdf(receipt(), { name: 'Zoë 李 🙂', email: 'zoe@example.com' });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('makes a receipt without a description or a period', async () => {
    const pdf = await receiptPdf(receipt({ description: '', periodStart: null, periodEnd: null }), {
      name: '',
      email: '',
    });
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
  });
});
