import { PDFDocument, type PDFFont, StandardFonts, rgb } from 'pdf-lib';
import type { AuthorizationFormTemplate } from '@portal/contracts';

export interface AuthorizationFormContent {
  template: AuthorizationFormTemplate;
  facility: { name: string; address: string };
  patient: { name: string; dateOfBirth: string; mrn: string | null };
  requester: { name: string; email: string | null; capacity: string };
  recordTypes: string[];
  /** The drawn signature, PNG bytes. */
  signaturePng: Buffer;
  signedAt: Date;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;

/** Words of a paragraph in lines of at most `width` points. */
const wrap = (text: string, font: PDFFont, size: number, width: number): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
};

/** Standard fonts encode WinAnsi only: anything else (emoji, CJK) would throw, so it shows as '?'. */
const printable = (s: string) => s.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

/**
 * The signed authorization form as a real PDF: facility, patient, requester, the template's text,
 * the signature image and the date. Kept as the facility's proof of consent.
 */
export const buildAuthorizationPdf = async (c: AuthorizationFormContent): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(c.template.title));
  pdf.setCreationDate(c.signedAt);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const width = A4.width - 2 * MARGIN;
  const write = (text: string, size = 10, f = font) => {
    for (const line of wrap(printable(text), f, size, width)) {
      if (y < MARGIN + 120) {
        page = pdf.addPage([A4.width, A4.height]);
        y = A4.height - MARGIN;
      }
      page.drawText(line, { x: MARGIN, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
      y -= size * 1.45;
    }
  };
  write(c.template.title, 15, bold);
  y -= 8;
  write(`Facility: ${c.facility.name}, ${c.facility.address}`);
  write(
    `Patient: ${c.patient.name}, born ${c.patient.dateOfBirth}${c.patient.mrn ? `, MRN ${c.patient.mrn}` : ''}`,
  );
  write(
    `Requested by: ${c.requester.name}${c.requester.email ? ` <${c.requester.email}>` : ''} (${c.requester.capacity})`,
  );
  write(`Records: ${c.recordTypes.join(', ')}`);
  y -= 8;
  for (const paragraph of c.template.text.split(/\n\s*\n/)) {
    write(paragraph);
    y -= 6;
  }
  const signature = await pdf.embedPng(c.signaturePng);
  const scaled = signature.scaleToFit(220, 80);
  y -= scaled.height;
  page.drawImage(signature, { x: MARGIN, y, width: scaled.width, height: scaled.height });
  y -= 16;
  write(`Signed electronically on ${c.signedAt.toISOString().slice(0, 10)}`, 10, bold);
  return Buffer.from(await pdf.save());
};
