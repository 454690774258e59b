import { DUE_SOON_DAYS, INBOX_FLAG_CAP } from '@portal/contracts';

export type DueTone = 'overdue' | 'soon' | 'ok' | 'answered';

/** How pressing a request's legal due date is: null days left means it is answered. */
export const dueTone = (daysLeft: number | null): DueTone =>
  daysLeft === null ? 'answered' : daysLeft < 0 ? 'overdue' : daysLeft <= DUE_SOON_DAYS ? 'soon' : 'ok';

/** 'N days left', 'Due today' or 'Overdue by N days' (beyond the spec: the HIPAA right-of-access clock). */
export const dueLabel = (daysLeft: number | null): string => {
  if (daysLeft === null) return 'Answered';
  if (daysLeft === 0) return 'Due today';
  const n = Math.abs(daysLeft);
  const days = `${n} ${n === 1 ? 'day' : 'days'}`;
  return daysLeft < 0 ? `Overdue by ${days}` : `${days} left`;
};

/** The line above the inbox: '2 overdue, 3 due within 7 days'; empty when nothing presses. */
export const dueSummary = (overdue: number, dueSoon: number): string =>
  [
    overdue > 0 ? `${atLeast(overdue, INBOX_FLAG_CAP)} overdue` : '',
    dueSoon > 0 ? `${atLeast(dueSoon, INBOX_FLAG_CAP)} due within ${DUE_SOON_DAYS} days` : '',
  ]
    .filter(Boolean)
    .join(', ');

/** A count the server stopped at `cap`, shown as "cap+". */
export const atLeast = (count: number, cap: number): string => (count >= cap ? `${cap}+` : String(count));

/** YYYY-MM-DD (or an ISO time) as MM/DD/YYYY, the spec's display format for dates in lists. */
export const usDate = (iso: string | null | undefined): string =>
  iso ? iso.replace(/^(\d{4})-(\d{2})-(\d{2}).*$/, '$2/$3/$1') : '';
