import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

export interface RecordSummary {
  patientName: string;
  facility: string;
  title: string;
  studyDescription: string | null;
  modality: string | null;
  /** YYYY-MM-DD or null. */
  date: string | null;
  instances: number | null;
  attachments: string[];
  generatedAt: Date;
}

/** The standard fonts speak WinAnsi only: anything else (a name in another script, a control character) becomes '?'. */
export const pdfSafe = (text: string): string =>
  [...text].map((c) => (/[\u0020-\u007e\u00a0-\u00ff]/.test(c) ? c : '?')).join('');

/** Cuts a line into pieces that fit `width` at `size` points, on spaces where it can. */
const wrap = (text: string, width: number, measure: (s: string) => number): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next) <= width) line = next;
    else {
      if (line) lines.push(line);
      line = word;
      while (measure(line) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && measure(line.slice(0, cut)) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
};

/**
 * A one-page A4 PDF of a record (a study or a document that is no PDF itself): patient, facility (or
 * 'Self Uploaded'), study description, modality, date, instance count, the list of attachments and
 * when it was made. Long lists are cut at the page's end with a count of what was left out.
 */
export const recordSummaryPdf = async (s: RecordSummary): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  pdf.setTitle(pdfSafe(s.title));
  pdf.setProducer('Patient portal');
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 56;
  const width = page.getWidth() - margin * 2;
  let y = page.getHeight() - margin;
  const write = (text: string, size = 11, font = regular, color = rgb(0.1, 0.1, 0.1)) => {
    for (const line of wrap(pdfSafe(text), width, (t) => font.widthOfTextAtSize(t, size))) {
      page.drawText(line, { x: margin, y: y - size, size, font, color });
      y -= size * 1.45;
    }
  };
  write(s.title, 18, bold);
  y -= 6;
  const field = (label: string, value: string) => write(`${label}: ${value}`);
  field('Patient', s.patientName);
  field('Facility', s.facility);
  field('Study description', s.studyDescription || '-');
  field('Modality', s.modality || '-');
  field('Date', s.date ?? '-');
  field('Instances', s.instances === null ? '-' : String(s.instances));
  y -= 10;
  write('Attachments', 13, bold);
  if (!s.attachments.length) write('None');
  const floor = margin + 40;
  for (const [i, name] of s.attachments.entries()) {
    if (y < floor) {
      write(`... and ${s.attachments.length - i} more`);
      break;
    }
    write(`- ${name}`);
  }
  page.drawText(pdfSafe(`Generated ${s.generatedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`), {
    x: margin,
    y: margin,
    size: 9,
    font: regular,
    color: rgb(0.4, 0.4, 0.4),
  });
  return Buffer.from(await pdf.save());
};
