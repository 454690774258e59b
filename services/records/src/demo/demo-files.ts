import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

export interface ReportSection {
  heading: string;
  text: string;
}

/** A one-page letter-size report: a header block, then sections with wrapped paragraphs. */
export const reportPdf = async (
  title: string,
  header: string[],
  sections: ReportSection[],
): Promise<Buffer> => {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 56;
  const width = 612 - margin * 2;
  let y = 736;
  const line = (text: string, size: number, f = font) => {
    page.drawText(text, { x: margin, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
    y -= size * 1.5;
  };
  const paragraph = (text: string) => {
    let current = '';
    for (const word of text.split(/\s+/)) {
      const next = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(next, 11) > width) {
        line(current, 11);
        current = word;
      } else current = next;
    }
    if (current) line(current, 11);
  };
  line(title, 16, bold);
  for (const h of header) line(h, 10);
  y -= 8;
  for (const s of sections) {
    line(s.heading, 12, bold);
    paragraph(s.text);
    y -= 6;
  }
  return Buffer.from(await pdf.save());
};

/** A radiologist's report of an MRI of the brain, with the words a patient would want explained. */
export const mriBrainReportPdf = (): Promise<Buffer> =>
  reportPdf(
    'MRI BRAIN WITHOUT AND WITH CONTRAST',
    [
      'St. Mary Imaging Center - Department of Radiology',
      'Patient: Pat Jordan    Date of birth: 1984-03-12',
      'Referring physician: Dr. A. Nguyen    Radiologist: Dr. L. Okafor, MD',
    ],
    [
      {
        heading: 'CLINICAL HISTORY',
        text: 'Recurrent headaches for three months. Evaluate for an intracranial lesion.',
      },
      {
        heading: 'TECHNIQUE',
        text: 'Multiplanar, multisequence MRI of the brain was performed, including sagittal T1-weighted, axial T2-weighted, axial FLAIR and diffusion-weighted images, followed by axial and coronal T1-weighted images after intravenous gadolinium contrast.',
      },
      { heading: 'COMPARISON', text: 'None available.' },
      {
        heading: 'FINDINGS',
        text: 'There is no acute infarct on diffusion-weighted images. There is no intracranial hemorrhage, mass effect or midline shift. A few small nonspecific T2 and FLAIR hyperintensities are seen in the frontal white matter, most likely mild microangiopathy. The ventricles and sulci are normal in size for age, without atrophy or hydrocephalus. There is no abnormal enhancement after contrast. The pituitary gland and cerebellum are unremarkable. Mild mucosal thickening of the left maxillary sinus, with no air-fluid level.',
      },
      {
        heading: 'IMPRESSION',
        text: '1. No acute intracranial abnormality; no infarct, hemorrhage or mass. 2. A few small nonspecific white matter hyperintensities, most likely benign, related to mild microangiopathy; clinical correlation and routine follow-up as needed. 3. Mild left maxillary sinus mucosal thickening, an incidental finding.',
      },
    ],
  );

export const bloodTestPdf = (): Promise<Buffer> =>
  reportPdf(
    'BLOOD TEST RESULTS',
    ['Riverside Community Laboratory', 'Patient: Pat Jordan    Collected: 2025-03-14'],
    [
      {
        heading: 'COMPLETE BLOOD COUNT',
        text: 'Haemoglobin 14.1 g/dL (13.0-17.0). White cells 6.2 x10^9/L (4.0-11.0). Platelets 251 x10^9/L (150-400).',
      },
      {
        heading: 'CHEMISTRY',
        text: 'Glucose (fasting) 5.1 mmol/L (3.9-5.5). Creatinine 82 umol/L (60-110). Total cholesterol 4.8 mmol/L (<5.2).',
      },
      { heading: 'COMMENT', text: 'All results within normal limits.' },
    ],
  );

export const kneeXrayReportPdf = (): Promise<Buffer> =>
  reportPdf(
    'X-RAY RIGHT KNEE, 3 VIEWS',
    ['Lakeside Radiology', 'Patient: Pat Jordan    Exam date: 2025-06-02'],
    [
      { heading: 'CLINICAL HISTORY', text: 'Right knee pain after running.' },
      {
        heading: 'FINDINGS',
        text: 'No fracture or dislocation. Mild narrowing of the medial joint space with a small osteophyte. Small joint effusion. Soft tissues are unremarkable.',
      },
      {
        heading: 'IMPRESSION',
        text: 'Mild degenerative change (early osteoarthritis) of the medial compartment. Small effusion. No acute bony injury.',
      },
    ],
  );
