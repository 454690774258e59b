/** A date of birth in month/day/year pieces, as the date-of-birth input takes it, with the spec's rules. */
import { MESSAGES } from './messages';

export interface DobPieces {
  month: string;
  day: string;
  year: string;
}
export type DobErrors = Partial<Record<keyof DobPieces | 'date', string>>;

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Days in a month of a year; 31 when either is not known yet (the table's default). */
export const daysInMonth = (month: number, year: number): number =>
  month >= 1 && month <= 12 && year >= 1 ? new Date(Date.UTC(year, month, 0)).getUTCDate() : 31;

/** Every rule and message of the spec's date-of-birth table; an empty result means the date is good. */
export const validateDobPieces = ({ month, day, year }: DobPieces, now = new Date()): DobErrors => {
  const errors: DobErrors = {};
  const currentYear = now.getFullYear();
  const m = Number(month);
  const d = Number(day);
  const y = Number(year);
  if (!month) errors.month = MESSAGES.fieldRequired;
  else if (!/^\d{1,2}$/.test(month) || m < 1 || m > 12) errors.month = MESSAGES.invalidMonth;
  if (!year) errors.year = MESSAGES.fieldRequired;
  else if (!/^\d{4}$/.test(year) || y < 1900 || y > currentYear) errors.year = MESSAGES.invalidYear;
  const max = daysInMonth(errors.month ? 0 : m, errors.year ? 0 : y);
  if (!day) errors.day = MESSAGES.fieldRequired;
  else if (!/^\d{1,2}$/.test(day) || d < 1 || d > max) errors.day = MESSAGES.invalidDay;
  if (Object.keys(errors).length === 0) {
    const today = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
    if (Date.UTC(y, m - 1, d) > today.getTime()) errors.date = MESSAGES.dateFuture;
  }
  return errors;
};

const pad = (s: string) => s.padStart(2, '0');
/** The date input's output: YYYY-MM-DD. */
export const dobToIso = ({ month, day, year }: DobPieces): string => `${year}-${pad(month)}-${pad(day)}`;
export const isoToDob = (iso: string | null | undefined): DobPieces => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? { year: m[1], month: m[2], day: m[3] } : { year: '', month: '', day: '' };
};
/** Saving personal details sends the date as DD/MM/YYYY. */
export const isoToDdMmYyyy = (iso: string): string => iso.split('-').reverse().join('/');
export const ddMmYyyyToIso = (dmy: string): string => dmy.split('/').reverse().join('-');
