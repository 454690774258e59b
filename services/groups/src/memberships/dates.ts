import { fieldInvalid } from '@portal/server-kit';

const DAY_MS = 86_400_000;

/**
 * The start of a calendar day (YYYY-MM-DD) in UTC. A day the calendar does not have ('2030-02-31',
 * which Date would roll into March) is refused with the field's message.
 */
export const startOfDayUtc = (day: string, field: string, message: string): Date => {
  const d = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day) throw fieldInvalid(field, message);
  return d;
};

/** The next day's start: an inclusive 'to' day as an exclusive bound. */
export const nextDay = (d: Date): Date => new Date(d.getTime() + DAY_MS);

/** A membership's expiry day: it lasts to the end of that day (UTC). */
export const expiryOf = (day: string | null | undefined): Date | null =>
  day
    ? new Date(nextDay(startOfDayUtc(day, 'expiresAt', 'Expiry must be a date (YYYY-MM-DD)')).getTime() - 1)
    : null;
