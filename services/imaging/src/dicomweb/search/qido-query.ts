import { escapeLike } from '@portal/server-kit';
import { badSearch } from '../../imaging.errors';

/** The levels QIDO-RS searches (PS3.18 10.6). */
export type QidoLevel = 'studies' | 'series' | 'instances';

/** A search as SQL over imaging.instances: conditions with $n placeholders from `first`, their values, the page. */
export interface QidoQuery {
  conditions: string[];
  params: unknown[];
  limit: number;
  offset: number;
}

export const MAX_LIMIT = 5_000;
const UID = /^[0-9]+(\.[0-9]+)*$/;
const DATE = /^\d{8}$/;

/** Matching keys by keyword and by tag, to the column they filter. */
const KEYS: Record<string, { column: string; kind: 'wildcard' | 'uids' | 'date' | 'list' | 'inStudy' }> = {
  PatientName: { column: 'patient_name', kind: 'wildcard' },
  PatientID: { column: 'patient_id', kind: 'wildcard' },
  StudyDate: { column: 'study_date', kind: 'date' },
  StudyInstanceUID: { column: 'study_instance_uid', kind: 'uids' },
  AccessionNumber: { column: 'accession_number', kind: 'wildcard' },
  ModalitiesInStudy: { column: 'modality', kind: 'inStudy' },
  Modality: { column: 'modality', kind: 'list' },
  SeriesInstanceUID: { column: 'series_instance_uid', kind: 'uids' },
  SOPInstanceUID: { column: 'sop_instance_uid', kind: 'uids' },
  StudyDescription: { column: 'study_description', kind: 'wildcard' },
  SeriesDescription: { column: 'series_description', kind: 'wildcard' },
  StudyID: { column: 'study_id', kind: 'wildcard' },
};
const TAGS: Record<string, keyof typeof KEYS> = {
  '00100010': 'PatientName',
  '00100020': 'PatientID',
  '00080020': 'StudyDate',
  '0020000D': 'StudyInstanceUID',
  '00080050': 'AccessionNumber',
  '00080061': 'ModalitiesInStudy',
  '00080060': 'Modality',
  '0020000E': 'SeriesInstanceUID',
  '00080018': 'SOPInstanceUID',
  '00081030': 'StudyDescription',
  '0008103E': 'SeriesDescription',
  '00200010': 'StudyID',
};
/** Accepted and not filters: the answer always carries the usual attributes. */
const NOT_FILTERS = new Set(['includefield', 'fuzzymatching', 'limit', 'offset', 'orderby']);

/** A DICOM wildcard (`*` any run, `?` one character) as an ILIKE pattern, the LIKE characters escaped. */
export const toLikePattern = (value: string): string =>
  escapeLike(value).replace(/\*/g, '%').replace(/\?/g, '_');

const isoOf = (key: string, d: string) => {
  if (!DATE.test(d))
    throw badSearch(`${key} must be a date YYYYMMDD or a range YYYYMMDD-YYYYMMDD, not '${d}'`);
  const iso = `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
  if (Number.isNaN(Date.parse(iso)) || new Date(iso).toISOString().slice(0, 10) !== iso)
    throw badSearch(`${key} is not a real date: '${d}'`);
  return iso;
};

const count = (key: string, raw: string | undefined, fallback: number, max: number) => {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw)) throw badSearch(`${key} must be a whole number, not '${raw}'`);
  return Math.min(Number(raw), max);
};

const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(',') : v);

/**
 * Reads a QIDO-RS query string into SQL conditions (placeholders numbered from `first`). Values are
 * checked (UIDs, dates, numbers) so a bad filter answers 400 with what was wrong; keys we do not
 * match on are ignored, as PS3.18 allows.
 */
export const parseQido = (query: Record<string, string | string[] | undefined>, first = 1): QidoQuery => {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const next = (v: unknown) => {
    params.push(v);
    return `$${first + params.length - 1}`;
  };
  for (const [rawKey, rawValue] of Object.entries(query)) {
    if (NOT_FILTERS.has(rawKey)) continue;
    const keyword = KEYS[rawKey] ? rawKey : TAGS[rawKey.toUpperCase()];
    const value = single(rawValue)?.trim();
    if (!keyword || value === undefined || value === '') continue;
    const { column, kind } = KEYS[keyword];
    const list = value
      .split(/[\\,]/)
      .map((v) => v.trim())
      .filter(Boolean);
    switch (kind) {
      case 'wildcard':
        conditions.push(
          /[*?]/.test(value)
            ? `${column} ILIKE ${next(toLikePattern(value))}`
            : `lower(${column}) = lower(${next(value)})`,
        );
        break;
      case 'uids':
        for (const uid of list)
          if (!UID.test(uid) || uid.length > 64)
            throw badSearch(`${keyword} must be UIDs (digits and dots, at most 64 characters), not '${uid}'`);
        conditions.push(`${column} = ANY(${next(list)})`);
        break;
      case 'list':
        conditions.push(`upper(${column}) = ANY(${next(list.map((m) => m.toUpperCase()))})`);
        break;
      case 'inStudy':
        conditions.push(
          `study_instance_uid IN (SELECT m.study_instance_uid FROM imaging.instances m WHERE m.user_id = i.user_id AND upper(m.modality) = ANY(${next(list.map((m) => m.toUpperCase()))}))`,
        );
        break;
      case 'date': {
        const range = value.match(/^(\d*)-(\d*)$/);
        if (!range) conditions.push(`${column} = ${next(isoOf(keyword, value))}::date`);
        else {
          if (!range[1] && !range[2]) throw badSearch(`${keyword} range needs at least one end: '${value}'`);
          if (range[1]) conditions.push(`${column} >= ${next(isoOf(keyword, range[1]))}::date`);
          if (range[2]) conditions.push(`${column} <= ${next(isoOf(keyword, range[2]))}::date`);
        }
        break;
      }
      default:
        conditions.push(`${column} = ${next(value)}`);
    }
  }
  return {
    conditions,
    params,
    limit: count('limit', single(query.limit), MAX_LIMIT, MAX_LIMIT),
    offset: count('offset', single(query.offset), 0, 1e9),
  };
};
