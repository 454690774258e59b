export const TABS = [
  { route: 'all-requests', label: 'All Studies' },
  { route: 'favorites', label: 'Favorites' },
  { route: 'whole-body-scans', label: 'Whole Body Scans' },
  { route: 'shared-with-me', label: 'Shared With Me' },
  { route: 'open-requests', label: 'Open Requests' },
] as const;

export type TabRoute = (typeof TABS)[number]['route'];

/** Paths under my-records that are not tabs but stay on their own page. */
export const DETAIL_ROUTES = ['review-request-details', 'view-request-report-details', 'imaging'];

export const isTab = (segment: string | undefined): segment is TabRoute => TABS.some((t) => t.route === segment);

/** A request is open until it is completed (or ended without records). */
const CLOSED = ['completed', 'declined', 'revoked'];
export const isOpenRequest = (status: string | undefined) => !CLOSED.includes((status ?? '').toLowerCase());
