import { DUE_SOON_DAYS, type GroupMember } from '@portal/contracts';

/** 'First Last', or the address while no name is known. */
export const memberName = (m: Pick<GroupMember, 'firstName' | 'lastName' | 'email'>): string =>
  `${m.firstName ?? ''} ${m.lastName ?? ''}`.trim() || m.email;

/** YYYY-MM-DD (or an ISO time) as MM/DD/YYYY, the portal's display format for dates in lists. */
export const usDate = (iso: string | null | undefined): string =>
  iso ? iso.replace(/^(\d{4})-(\d{2})-(\d{2}).*$/, '$2/$3/$1') : '';

/** An ISO time as the reader's local date and time. */
export const when = (iso: string): string => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
};

/** Whether a membership's expiry day is over (it ends at the end of that day, UTC, as the server reads it). */
export const isExpired = (expiresAt: string | null, now = Date.now()): boolean =>
  !!expiresAt && Date.parse(`${expiresAt.slice(0, 10)}T23:59:59Z`) < now;

export type DueTone = 'overdue' | 'soon' | 'ok' | 'none';

/** How pressing a legal due date is: red once overdue, amber within DUE_SOON_DAYS. */
export const dueTone = (daysLeft: number | null): DueTone =>
  daysLeft === null ? 'none' : daysLeft < 0 ? 'overdue' : daysLeft <= DUE_SOON_DAYS ? 'soon' : 'ok';

/** 'N days left', 'Due today' or 'Overdue by N days'. */
export const dueLabel = (daysLeft: number | null): string => {
  if (daysLeft === null) return 'No due date';
  if (daysLeft === 0) return 'Due today';
  const n = Math.abs(daysLeft);
  const days = `${n} ${n === 1 ? 'day' : 'days'}`;
  return daysLeft < 0 ? `Overdue by ${days}` : `${days} left`;
};
