import { isOpenStatus } from '@portal/contracts';

export const TABS = [
  { route: 'all-requests', label: 'All Studies' },
  { route: 'imaging', label: 'Imaging' },
  { route: 'favorites', label: 'Favorites' },
  { route: 'whole-body-scans', label: 'Whole Body Scans' },
  { route: 'shared-with-me', label: 'Shared With Me' },
  { route: 'open-requests', label: 'Open Requests' },
] as const;

export type TabRoute = (typeof TABS)[number]['route'];

/** Paths under my-records that are not tabs but stay on their own page. */
export const DETAIL_ROUTES = ['review-request-details', 'view-request-report-details'];

export const isTab = (segment: string | undefined): segment is TabRoute =>
  TABS.some((t) => t.route === segment);

/** A request is open until it is completed, declined or revoked (the contracts' rule). */
export const isOpenRequest = (status: string | undefined) => isOpenStatus(status);

export interface TabRules {
  /** The person only has records shared with them (EXTERNAL_VIEWER). */
  externalViewer: boolean;
  /** The shared view (a person's records shown to someone they share with). */
  sharedView: boolean;
  /** The patient has whole body scans (the scans list answered at least one). */
  hasWholeBodyScans: boolean;
}

/**
 * The tab chips that show (records spec §2.3): Whole Body Scans only with its data; in the shared
 * view no Shared With Me, Favorites, Open Requests or Whole Body Scans; an external viewer only has
 * Shared With Me.
 */
export const visibleTabs = ({ externalViewer, sharedView, hasWholeBodyScans }: TabRules) =>
  TABS.filter((t) => {
    if (externalViewer) return t.route === 'shared-with-me';
    if (t.route === 'whole-body-scans' && !hasWholeBodyScans) return false;
    if (sharedView && ['shared-with-me', 'favorites', 'open-requests', 'whole-body-scans'].includes(t.route))
      return false;
    return true;
  });
