import { ACCESSION_NUMBER_TAG, MESSAGES, type SmartFhirStudyRow } from '@portal/contracts';
import { formatDay } from '../record-view/record-view.rules';

/** Shown for a field the source left empty. */
export const NONE = '—';

/**
 * All sources' rows as one list: newest study date first, rows without a date last; rows of equal
 * date keep the order they came in (sources in initLoadGrid's order). `requested` marks rows asked
 * for on this page since their source answered.
 */
export const mergeRows = (
  rows: SmartFhirStudyRow[],
  requested: ReadonlyMap<string, string>,
): SmartFhirStudyRow[] => {
  const seen = new Set<string>();
  return rows
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .map((r) =>
      requested.has(r.id) && !r.patient_request_id ? { ...r, patient_request_id: requested.get(r.id)! } : r,
    )
    .sort((a, b) => (b.study_date ?? '').localeCompare(a.study_date ?? ''));
};

/** The accession number: the custom query item of tag 00080050 (records spec §3). */
export const accessionNumber = (row: SmartFhirStudyRow): string =>
  row.custom_query_items.find((i) => i.tag === ACCESSION_NUMBER_TAG)?.value || NONE;

/** The custom query items other than the accession number, as 'tag value'. */
export const otherQueryItems = (row: SmartFhirStudyRow): string[] =>
  row.custom_query_items.filter((i) => i.tag !== ACCESSION_NUMBER_TAG).map((i) => `${i.tag} ${i.value}`);

/** 'MMM DD, YYYY' as the rest of My Records shows dates. */
export const studyDate = (row: SmartFhirStudyRow): string => formatDay(row.study_date) ?? NONE;

export const orNone = (text: string | null | undefined): string => text?.trim() || NONE;

/** The study as words, for the labels of its buttons. */
export const studyName = (row: SmartFhirStudyRow): string =>
  [row.modality, row.study_description].filter((t) => t?.trim()).join(' ') || 'study';

export const confirmText = (row: SmartFhirStudyRow): string =>
  MESSAGES.smartFhirConfirm.replace('{facility}', row.facility.name);

export const answeredText = (answered: number, total: number): string =>
  `${answered} of ${total} facilities answered`;
