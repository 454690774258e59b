import { isClosedStatus } from '../requests/types';
import type { DetailsPage, LibraryGridRow } from './types';

/** A request is open until a status closes it (CLOSED_REQUEST_STATUSES). */
export const isOpenStatus = (status: string | undefined | null): boolean => !isClosedStatus(status);

/** The status that enables the Email facility button (records spec §4). */
export const EMAIL_FACILITY_STATUS = 'Pending images by External Provider';

/** Where a view opens a row from (records spec §2.3). */
export type RecordsView = 'home' | 'sharing' | 'default';

type RowFacts = Pick<
  LibraryGridRow,
  'kind' | 'status' | 'manual_upload_dicom' | 'showImagingView' | 'has_attachments' | 'facilityId'
>;

const hasReport = (row: RowFacts) => row.has_attachments || row.kind === 'document';

/**
 * The details page a row opens (records spec §2.3): from home, review details for an open request that
 * is not self-uploaded, or when there is neither an imaging view nor attachments; otherwise the
 * report details. Elsewhere a request without records opens its review, a record its report details.
 */
export const detailsPageOf = (row: RowFacts, view: RecordsView = 'default'): DetailsPage => {
  if (view === 'home') {
    const review =
      (isOpenStatus(row.status) && !row.manual_upload_dicom) || (!row.showImagingView && !hasReport(row));
    return review ? 'review-request-details' : 'view-request-report-details';
  }
  return row.kind === 'request' ? 'review-request-details' : 'view-request-report-details';
};

/**
 * The row's View button is disabled when there is no facility, no attachments and no imaging view; in
 * the open-request view, when there are no attachments or no imaging view (records spec §2.4).
 */
export const viewDisabled = (row: RowFacts, openRequestView = false): boolean =>
  openRequestView
    ? !hasReport(row) || !row.showImagingView
    : !row.facilityId && !hasReport(row) && !row.showImagingView;

/** Share and Remove are hidden for open requests; in the shared view Remove shows instead of Share. */
export const rowActions = (
  openRequestView: boolean,
  sharedView: boolean,
): { share: boolean; remove: boolean } => ({
  share: !openRequestView && !sharedView,
  remove: !openRequestView && sharedView,
});

/** Whether the Imaging tab shows (records spec §2.4): an IMAGES or IMAGES_ONLY record, and the viewer enabled. */
export const showsImagingTab = (docReqType: string | undefined, enableDicomViewer: boolean): boolean =>
  enableDicomViewer && (docReqType === 'IMAGES' || docReqType === 'IMAGES_ONLY');
