import { formatMoney, type Receipt } from '@portal/contracts';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/**
 * A receipt as a one-page PDF, made here from our copy of the paid invoice (so it is the same with
 * Stripe and without it, and opens while the processor is down). Only the portal's own words and
 * the amounts go in: nothing a client typed.
 */
export const receiptPdf = async (r: Receipt, payer: { name: string; email: string }): Promise<Buffer> => {
  const doc = await PDFDocument.create();
  doc.setTitle(`Receipt ${r.number}`);
  doc.setProducer('Patient Portal');
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 780;
  const line = (text: string, size = 11, f = font) => {
    // WinAnsi only: a name in another script is shown with its letters it can encode.
    const safe = [...text]
      .map((c) => (font.getCharacterSet().includes(c.codePointAt(0)!) ? c : '?'))
      .join('');
    page.drawText(safe, { x: 56, y, size, font: f });
    y -= size + 10;
  };
  line('Patient Portal', 20, bold);
  line('Receipt', 14, bold);
  y -= 10;
  line(`Receipt number: ${r.number}`);
  line(`Date paid: ${day(r.paidAt)}`);
  line(`Billed to: ${payer.name} <${payer.email}>`);
  y -= 10;
  line(r.description || 'Storage plan', 12, bold);
  if (r.periodStart) line(`Period: ${day(r.periodStart)} to ${day(r.periodEnd)}`);
  y -= 10;
  line(`Amount paid: ${formatMoney(r.amountCents, r.currency)}`, 14, bold);
  y -= 20;
  line(
    'Thank you. Your records stay yours whatever your plan: you can always view, download and share them.',
    9,
  );
  return Buffer.from(await doc.save());
};
