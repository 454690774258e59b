const DAY: Intl.DateTimeFormatOptions = { month: 'short', day: '2-digit', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

const parse = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** 'MMM DD, YYYY' of an ISO time in the browser's zone, as the portal shows days; '' without one. */
export const formatDay = (iso: string | null | undefined): string =>
  parse(iso)?.toLocaleDateString('en-US', DAY) ?? '';

/** 'MMM DD, YYYY, h:mm AM' of an ISO time in the browser's zone; '' without one. */
export const formatDayTime = (iso: string | null | undefined): string => {
  const date = parse(iso);
  return date ? `${date.toLocaleDateString('en-US', DAY)}, ${date.toLocaleTimeString('en-US', TIME)}` : '';
};
