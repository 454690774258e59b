import { PROVIDER_RECORD_TABS, type ProviderRecord } from '@portal/contracts';

export type RecordsTab = (typeof PROVIDER_RECORD_TABS)[number];
export const RECORD_TAB_LABELS: Record<RecordsTab, string> = {
  all: 'All Records',
  favourites: 'Favourites',
  shared: 'Shared With Me',
};

/** The welcome page's view from its query string: the tab, and grid unless `grid=false` (grid by default). */
export const viewOf = (query: URLSearchParams): { tab: RecordsTab; grid: boolean } => {
  const tab = query.get('tab');
  return {
    tab: (PROVIDER_RECORD_TABS as readonly string[]).includes(tab ?? '') ? (tab as RecordsTab) : 'all',
    grid: query.get('grid') !== 'false',
  };
};

/** The query string of a view; the defaults stay out of it except grid, which the page keeps visible. */
export const viewQuery = ({ tab, grid }: { tab: RecordsTab; grid: boolean }): string => {
  const q = new URLSearchParams();
  if (tab !== 'all') q.set('tab', tab);
  q.set('grid', String(grid));
  return `?${q}`;
};

export const CARD_MIN_WIDTH = 240;
export const CARD_GAP = 16;
export const MAX_NEW_RECORDS = 4;

/** How many New records cards fit one row of `width` pixels: at least one, at most four (desktop). */
export const newRecordsPerRow = (width: number): number =>
  width <= 0
    ? MAX_NEW_RECORDS
    : Math.max(1, Math.min(MAX_NEW_RECORDS, Math.floor((width + CARD_GAP) / (CARD_MIN_WIDTH + CARD_GAP))));

/** The newest records first, at most `count`. */
export const newestRecords = (records: readonly ProviderRecord[], count: number): ProviderRecord[] =>
  [...records].sort((a, b) => b.created.localeCompare(a.created)).slice(0, count);

/** Cards show four first, and four more per Load more. */
export const CARDS_STEP = 4;

export const patientOf = (r: ProviderRecord): string => `${r.patient.last_name}, ${r.patient.first_name}`;
