import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { MESSAGES, type PrintedAccessPage } from '@portal/contracts';

const MARGIN = 56;
const A4 = { width: 595.28, height: 841.89 };

/**
 * What the page's QR code holds (decision 0030): the viewer page, which a phone's camera opens, with the
 * shlink after '#', which a SMART Health Links app reads (the fragment never reaches our server).
 */
export const accessPageQrText = (page: Pick<PrintedAccessPage, 'link' | 'shlink'>): string =>
  `${page.link.url}#${page.shlink}`;

/**
 * The printable access page (records spec §2.5): the patient's name, the facility, the studies, a QR code
 * of the public viewer link that is also a SMART Health Link (drawn as vector squares), the link written
 * out, its password in large type, the expiry, and the instruction to print it and hand it to the
 * provider. A real PDF made with pdf-lib.
 */
export const accessPagePdf = async (page: PrintedAccessPage): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Access page: ${page.patientName}`);
  pdf.setSubject('Access to shared medical images');
  const sheet = pdf.addPage([A4.width, A4.height]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.CourierBold);
  let y = A4.height - MARGIN;
  const line = (text: string, size = 11, font = regular, gap = 6) => {
    sheet.drawText(text, { x: MARGIN, y: y - size, size, font, color: rgb(0.1, 0.1, 0.15) });
    y -= size + gap;
  };
  const wrapped = (text: string, size = 11) => {
    const words = text.split(' ');
    let current = '';
    for (const word of words) {
      const next = current ? `${current} ${word}` : word;
      if (regular.widthOfTextAtSize(next, size) > A4.width - 2 * MARGIN) {
        line(current, size);
        current = word;
      } else current = next;
    }
    if (current) line(current, size);
  };

  line('Access to medical images', 22, bold, 14);
  line(`Patient: ${page.patientName || 'Unknown patient'}`, 13, bold);
  if (page.facilityName) line(`Facility: ${page.facilityName}`, 11);
  y -= 6;
  line('Studies', 12, bold);
  for (const s of page.studies)
    line(
      `• ${[s.modality, s.study_description].filter(Boolean).join(' ')}${s.study_date ? ` (${s.study_date})` : ''}`,
      11,
    );
  y -= 10;

  const qr = QRCode.create(accessPageQrText(page), { errorCorrectionLevel: 'M' });
  const cells = qr.modules.size;
  const cell = Math.floor((180 / cells) * 100) / 100;
  const top = y;
  for (let r = 0; r < cells; r++) {
    for (let c = 0; c < cells; c++) {
      if (qr.modules.get(r, c))
        sheet.drawRectangle({
          x: MARGIN + c * cell,
          y: top - (r + 1) * cell,
          width: cell,
          height: cell,
          color: rgb(0, 0, 0),
        });
    }
  }
  y = top - cells * cell - 16;
  wrapped(MESSAGES.accessPageHealthLinkNote, 10);
  y -= 6;
  line('Open this link, or scan the code:', 11, bold);
  line(page.link.url, 10, regular, 12);
  line('Password', 12, bold);
  line(page.password ?? '', 26, mono, 14);
  if (page.link.expires_at) line(`The link works until ${page.link.expires_at.slice(0, 10)}.`, 11);
  y -= 6;
  wrapped(MESSAGES.printAccessPageInstruction);
  return pdf.save();
};
