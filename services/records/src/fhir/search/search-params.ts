import type { FhirResourceType } from '@portal/contracts';
import { invalidSearchParameter } from '../fhir.errors';
import { DATE_PARAMETERS, SEARCH_PARAMETERS } from './search-parameters';

export type DatePrefix = 'eq' | 'gt' | 'ge' | 'lt' | 'le';

/** One date parameter: its prefix and the range its precision covers, [from, to). */
export interface DateBound {
  prefix: DatePrefix;
  from: Date;
  to: Date;
}

/** What a search asks for, in the words of the resources' own data (each list matches any of its values). */
export interface SearchCriteria {
  ids?: string[];
  lastUpdated: DateBound[];
  date: DateBound[];
  modality?: string[];
  status?: string[];
  /** Changed after this (Bulk Data and $everything's `_since`). */
  since?: Date;
  /** `patient=` named someone other than the patient in context: nothing of theirs is here. */
  otherPatient?: boolean;
}

export interface Paging {
  count: number;
  offset: number;
}

export interface ParsedSearch {
  criteria: SearchCriteria;
  paging: Paging;
  /** The parameters applied, as given: the Bundle's links repeat them. */
  applied: Array<[string, string]>;
}

export type SearchQuery = Record<string, string | string[] | undefined>;

export const DCM = 'http://dicom.nema.org/resources/ontology/DCM';
const DATE =
  /^(eq|ne|gt|lt|ge|le|sa|eb|ap)?(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;
const MAX_OFFSET = 10_000_000;
const MAX_VALUES = 100;

const valuesOf = (v: string | string[] | undefined): string[] =>
  v === undefined ? [] : Array.isArray(v) ? v : [v];
const listOf = (name: string, value: string): string[] => {
  const items = value.split(',').filter(Boolean);
  if (items.length > MAX_VALUES) throw invalidSearchParameter(name, `at most ${MAX_VALUES} values`);
  return items;
};

/** A FHIR date, dateTime or instant with an optional prefix, as the range its precision covers (UTC when no zone). */
export const parseDateParameter = (name: string, value: string): DateBound => {
  const m = DATE.exec(value);
  if (!m) throw invalidSearchParameter(name, `${value.slice(0, 40)} is not a FHIR date`);
  const [, prefix = 'eq', y, mo, d, h, mi, s, frac, zone] = m;
  if (!['eq', 'gt', 'ge', 'lt', 'le'].includes(prefix))
    throw invalidSearchParameter(name, `the prefix ${prefix} is not supported (eq, gt, ge, lt, le are)`);
  const parts = [
    Number(y),
    Number(mo ?? 1) - 1,
    Number(d ?? 1),
    Number(h ?? 0),
    Number(mi ?? 0),
    Number(s ?? 0),
  ];
  const ms = frac ? Math.floor(Number(`0${frac}`) * 1000) : 0;
  const local = new Date(Date.UTC(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], ms));
  // Date.UTC rolls over (month 13, 31 February): a value that does not come back as given is no date.
  if (
    local.getUTCMonth() !== parts[1] ||
    local.getUTCDate() !== parts[2] ||
    local.getUTCHours() !== parts[3] ||
    parts[4] > 59 ||
    parts[5] > 59 ||
    local.getUTCFullYear() !== parts[0]
  )
    throw invalidSearchParameter(name, `${value.slice(0, 40)} is not a FHIR date`);
  const offsetMinutes =
    zone && zone !== 'Z'
      ? (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)))
      : 0;
  const from = new Date(local.getTime() - offsetMinutes * 60_000);
  const to = new Date(from);
  if (frac) to.setUTCMilliseconds(to.getUTCMilliseconds() + 1);
  else if (s !== undefined) to.setUTCSeconds(to.getUTCSeconds() + 1);
  else if (mi !== undefined) to.setUTCMinutes(to.getUTCMinutes() + 1);
  else if (d !== undefined) to.setUTCDate(to.getUTCDate() + 1);
  else if (mo !== undefined) to.setUTCMonth(to.getUTCMonth() + 1);
  else to.setUTCFullYear(to.getUTCFullYear() + 1);
  return { prefix: prefix as DatePrefix, from, to };
};

/** Whether an instant meets a date parameter (the same rule the SQL applies, for what no table holds). */
export const inDateBound = (value: Date, b: DateBound): boolean => {
  if (b.prefix === 'gt') return value >= b.to;
  if (b.prefix === 'ge') return value >= b.from;
  if (b.prefix === 'lt') return value < b.from;
  if (b.prefix === 'le') return value < b.to;
  return value >= b.from && value < b.to;
};

const nonNegative = (name: string, value: string, max: number): number => {
  if (!/^\d{1,9}$/.test(value) || Number(value) > max)
    throw invalidSearchParameter(name, `must be a whole number from 0 to ${max}`);
  return Number(value);
};

/** A reference to a patient as apps write it: `id`, `Patient/id` or the absolute URL of either. */
const patientIdOf = (value: string): string => value.replace(/^.*\bPatient\//, '');

/** A modality token, `code` or `system|code`: the code when the system is DICOM's (or none), else null. */
const modalityOf = (value: string): string | null => {
  const bar = value.indexOf('|');
  if (bar < 0) return value;
  const system = value.slice(0, bar);
  return system === '' || system === DCM ? value.slice(bar + 1) : null;
};

/** Repeated parameters are ANDed: each occurrence's list narrows what the ones before allowed. */
const intersect = (before: string[] | undefined, next: string[]): string[] =>
  before === undefined ? next : before.filter((v) => next.includes(v));

/**
 * FHIR search parameters (R4 §3.1.1.5) of one type into criteria. `_count` past `maxCount` is cut to
 * it (a server may answer fewer); a malformed value is a 400 naming the parameter.
 */
export const parseSearch = (
  type: FhirResourceType,
  query: SearchQuery,
  opts: { patientId: string; defaultCount: number; maxCount: number },
): ParsedSearch => {
  const known = new Set(SEARCH_PARAMETERS[type].map((p) => p.name));
  if (known.has('date')) DATE_PARAMETERS.forEach((n) => known.add(n));
  const criteria: SearchCriteria = { lastUpdated: [], date: [] };
  const applied: Array<[string, string]> = [];
  const count = valuesOf(query._count).at(-1);
  const offset = valuesOf(query._offset).at(-1);
  const paging: Paging = {
    count:
      count === undefined ? opts.defaultCount : Math.min(nonNegative('_count', count, 1e9), opts.maxCount),
    offset: offset === undefined ? 0 : nonNegative('_offset', offset, MAX_OFFSET),
  };
  for (const [name, raw] of Object.entries(query)) {
    if (!known.has(name)) continue;
    for (const value of valuesOf(raw)) {
      if (typeof value !== 'string' || value === '') continue;
      applied.push([name, value]);
      if (name === '_id') criteria.ids = intersect(criteria.ids, listOf(name, value));
      else if (name === 'patient')
        criteria.otherPatient ||= !listOf(name, value).map(patientIdOf).includes(opts.patientId);
      else if (name === '_lastUpdated') criteria.lastUpdated.push(parseDateParameter(name, value));
      else if (DATE_PARAMETERS.includes(name)) criteria.date.push(parseDateParameter(name, value));
      else if (name === 'status') criteria.status = intersect(criteria.status, listOf(name, value));
      else if (name === 'modality')
        criteria.modality = intersect(
          criteria.modality,
          listOf(name, value)
            .map(modalityOf)
            .filter((m): m is string => m !== null),
        );
    }
  }
  return { criteria, paging, applied };
};

/** `_since` of $everything and $export: an instant (a date alone is taken as its start, UTC). */
export const parseSince = (value: string | string[] | undefined): Date | undefined => {
  const given = valuesOf(value).at(-1);
  if (given === undefined || given === '') return undefined;
  const bound = parseDateParameter('_since', given);
  if (bound.prefix !== 'eq' || /^[a-z]{2}/.test(given))
    throw invalidSearchParameter('_since', 'takes an instant without a prefix');
  return bound.from;
};
