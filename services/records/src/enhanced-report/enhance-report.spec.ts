import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  enhancedReportHtml,
  enhanceReportPdf,
  findGlossaryTerms,
  INFORMATIONAL_NOTICE,
  NO_TEXT_NOTICE,
} from './enhance-report';
import { GLOSSARY } from './glossary';

const pdfOf = async (lines: string[]): Promise<Buffer> => {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 750 - i * 16, size: 11, font }));
  return Buffer.from(await doc.save());
};
const terms = (text: string) => findGlossaryTerms(text).map((t) => t.term);

describe('the glossary', () => {
  it('explains at least 80 distinct terms, each once, in a sentence or two', () => {
    expect(GLOSSARY.length).toBeGreaterThanOrEqual(80);
    const names = GLOSSARY.flatMap((g) => [g.term, ...(g.forms ?? [])].map((f) => f.toLowerCase()));
    expect(new Set(names).size).toBe(names.length);
    for (const g of GLOSSARY) {
      expect(g.meaning.split(/[.!?](\s|$)/).filter((s) => s && s.trim()).length).toBeLessThanOrEqual(2);
      expect(g.meaning.length).toBeLessThan(240);
    }
  });
});

describe('findGlossaryTerms', () => {
  it('matches whole words in any case, with simple plurals and other forms, in order of first appearance, once each', () => {
    expect(
      terms('Small LESIONS and a nodule. No hemorrhage. Another lesion; pleural effusions; haemorrhage.'),
    ).toEqual(['lesion', 'nodule', 'hemorrhage', 'effusion']);
    expect(terms('Mild cerebral Atrophy. T2-weighted and T1 weighted axial, sagittal images.')).toEqual([
      'mild',
      'atrophy',
      'T2-weighted',
      'T1-weighted',
      'axial',
      'sagittal',
    ]);
    expect(terms('Stenoses of both arteries')).toEqual(['stenosis']);
  });

  it('never matches inside another word', () => {
    expect(terms('cystectomy, massive, unmild, tearful, paxial, Mr Smith, pet-scan-like')).toEqual([]);
    expect(terms('two masses')).toEqual(['mass']);
  });

  it('prefers the longest form', () => {
    expect(terms('Findings suggest small vessel ischemic disease.')).toEqual(['findings', 'microangiopathy']);
  });
});

describe('enhancedReportHtml', () => {
  it('shows the notice, the report with its terms marked and what these words mean, escaped', () => {
    const html = enhancedReportHtml(
      'FINDINGS: A 4 mm nodule <script>alert(1)</script>.\nIMPRESSION: Benign.',
    );
    expect(html).toContain('<title>Patient-friendly report</title>');
    expect(html).toContain(INFORMATIONAL_NOTICE.replace(/'/g, '&#39;'));
    expect(html).toContain(
      '<mark title="A small, round spot, usually less than 3 cm. Most nodules are harmless.">nodule</mark>',
    );
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script');
    expect(html).toContain('<h2>What these words mean</h2>');
    expect(html).toContain(
      '<dt>benign</dt><dd>Not cancer; it does not spread to other parts of the body.</dd>',
    );
    expect(html.indexOf('<dt>findings</dt>')).toBeLessThan(html.indexOf('<dt>benign</dt>'));
  });

  it('says so when the report has no text', () => {
    const html = enhancedReportHtml('  \n ');
    expect(html).toContain(NO_TEXT_NOTICE);
    expect(html).not.toContain('What these words mean');
  });
});

describe('enhanceReportPdf', () => {
  it("reads a report PDF's text and explains its terms", async () => {
    const { html, terms: found } = await enhanceReportPdf(
      await pdfOf([
        'FINDINGS: No acute infarct or hemorrhage.',
        'IMPRESSION: Unremarkable MRI of the brain.',
      ]),
    );
    expect(found).toEqual(
      expect.arrayContaining([
        'findings',
        'acute',
        'infarct',
        'hemorrhage',
        'impression',
        'unremarkable',
        'MRI',
      ]),
    );
    expect(html).toContain('<dt>infarct</dt>');
  });

  it('makes a page that says so for a PDF without text, and rejects bytes that are no PDF', async () => {
    const { html, terms: found } = await enhanceReportPdf(await pdfOf([]));
    expect(found).toEqual([]);
    expect(html).toContain(NO_TEXT_NOTICE);
    await expect(enhanceReportPdf(Buffer.from('not a pdf'))).rejects.toThrow(/could not be read/);
  });
});
