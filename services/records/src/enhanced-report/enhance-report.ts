import { GLOSSARY, type GlossaryEntry } from './glossary';
import { extractPdfText } from './pdf-text';

export const ENHANCED_REPORT_TITLE = 'Patient-friendly report';
export const WORDS_HEADING = 'What these words mean';
export const INFORMATIONAL_NOTICE =
  "This version is for your information only. It was made automatically from your radiologist's report and does not replace that report or your doctor's advice. Please talk to your doctor about your results.";
export const NO_TEXT_NOTICE =
  'We could not find any text in this report (it may be a scanned picture of a page), so there are no words to explain. Please open the original report or ask your doctor.';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A term as a pattern: spaces and hyphens inside it match either, and a simple plural may follow. */
const patternOf = (form: string) =>
  `${form
    .split(/[\s-]+/)
    .map(escapeRegExp)
    .join('[\\s-]+')}(?:e?s)?`;

const alternatives = GLOSSARY.flatMap((entry) =>
  [entry.term, ...(entry.forms ?? [])].map((form) => ({ form, entry })),
).sort((a, b) => b.form.length - a.form.length);
/** One pass over the text: the longest form wins ('small vessel disease' before 'disease'), whole words only, any case. */
const MATCHER = new RegExp(
  `(?<![\\w-])(?:${alternatives.map((a) => `(${patternOf(a.form)})`).join('|')})(?![\\w-])`,
  'gi',
);

const entryOf = (m: RegExpExecArray): GlossaryEntry =>
  alternatives[m.slice(1).findIndex((g) => g !== undefined)].entry;

/** The glossary entries a text uses, in the order they first appear, each once. */
export const findGlossaryTerms = (text: string): GlossaryEntry[] => {
  const found = new Set<GlossaryEntry>();
  for (const m of text.matchAll(MATCHER)) found.add(entryOf(m));
  return [...found];
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The report text, escaped, with every glossary term marked (its meaning as the mark's title). */
const highlighted = (text: string): string => {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(MATCHER)) {
    const entry = entryOf(m);
    out +=
      escapeHtml(text.slice(last, m.index)) +
      `<mark title="${escapeHtml(entry.meaning)}">${escapeHtml(m[0])}</mark>`;
    last = m.index! + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
};

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1b1b1f;max-width:820px;margin:24px auto;padding:0 16px;line-height:1.55}
h1{font-size:1.6rem;margin:0 0 12px}h2{font-size:1.2rem;margin:28px 0 8px}
.notice{border:2px solid #b26a00;background:#fff4e0;border-radius:8px;padding:12px 16px;font-weight:600}
.report{white-space:pre-wrap;background:#f6f7f9;border-radius:8px;padding:16px;font-size:.95rem}
mark{background:#dcecff;color:inherit;border-bottom:2px solid #1565c0;padding:0 2px;border-radius:2px}
dt{font-weight:700;margin-top:12px}dd{margin:2px 0 0 0}`;

/**
 * The patient-friendly page of a report's text: a self-contained HTML page (no script, no outside
 * resource) with the informational notice, the report's text with its medical terms marked and,
 * below, what each of those terms means. Everything from the report is escaped.
 */
export const enhancedReportHtml = (reportText: string): string => {
  const text = reportText
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+\n/g, '\n')
    .trim();
  const terms = findGlossaryTerms(text);
  const body = text
    ? `<h2>Your report</h2>\n<div class="report">${highlighted(text)}</div>\n<h2>${WORDS_HEADING}</h2>\n` +
      (terms.length
        ? `<dl>\n${terms.map((t) => `<dt>${escapeHtml(t.term)}</dt><dd>${escapeHtml(t.meaning)}</dd>`).join('\n')}\n</dl>`
        : '<p>We did not find any of the medical words we can explain in this report.</p>')
    : `<p class="empty">${escapeHtml(NO_TEXT_NOTICE)}</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${ENHANCED_REPORT_TITLE}</title><style>${STYLE}</style></head>
<body><h1>${ENHANCED_REPORT_TITLE}</h1>
<p class="notice" role="note">${escapeHtml(INFORMATIONAL_NOTICE)}</p>
${body}
</body></html>
`;
};

/** A report PDF made patient-friendly: its text read, its terms explained. Rejects for a file that is no readable PDF. */
export const enhanceReportPdf = async (pdf: Buffer): Promise<{ html: string; terms: string[] }> => {
  const text = await extractPdfText(pdf);
  return { html: enhancedReportHtml(text), terms: findGlossaryTerms(text).map((t) => t.term) };
};
