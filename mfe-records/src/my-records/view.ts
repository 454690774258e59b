import { PATHS, detailsPageOf, isOpenStatus, type LibraryGridRow, type RecordsView } from '@portal/contracts';
import type { TabRoute } from './tabs';

/** A record of the library: a study or a document (not a request still waiting for its records). */
export const isRecord = (r: LibraryGridRow) => r.kind !== 'request';

/**
 * The rows a tab lists (records spec §2.3): all records; studies on imaging; starred records on
 * favourites (`starred` knows the stars toggled meanwhile); shared-with-me lists its own grid.
 */
export const rowsOfTab = (
  tab: TabRoute,
  rows: LibraryGridRow[],
  starred: (r: LibraryGridRow) => boolean,
): LibraryGridRow[] => {
  switch (tab) {
    case 'imaging':
      return rows.filter((r) => r.kind === 'study');
    case 'favorites':
      return rows.filter((r) => isRecord(r) && starred(r));
    case 'open-requests':
      return [];
    default:
      return rows.filter(isRecord);
  }
};

/** An open request as its card shows it, from the grid rows of the request. */
export interface OpenRequest {
  patientRequestId: string;
  facilityName: string;
  status: string;
  created: string;
  requestTypes: string[];
  manual: boolean;
  /** The study the request names or holds (its description, else its modality), when it does. */
  study: string | null;
}

/** The open requests (status not completed, declined or revoked), newest first, one per patient request. */
export const openRequestsOf = (rows: LibraryGridRow[]): OpenRequest[] => {
  const byId = new Map<string, OpenRequest>();
  for (const r of rows) {
    if (!isOpenStatus(r.status) || byId.has(r.patientRequestId)) continue;
    byId.set(r.patientRequestId, {
      patientRequestId: r.patientRequestId,
      facilityName: facilityOf(r),
      status: r.status,
      created: r.created,
      requestTypes: r.requestTypes,
      manual: r.manual_upload_dicom,
      study: r.study_description || r.modality || null,
    });
  }
  return [...byId.values()].sort((a, b) => b.created.localeCompare(a.created));
};

export const facilityOf = (r: Pick<LibraryGridRow, 'facilityName' | 'manual_upload_dicom'>) =>
  r.manual_upload_dicom || !r.facilityName ? 'Self Uploaded' : r.facilityName;

/** The words a grid search looks in: record name, facility, patient, modality, description. */
export const searchRows = (rows: LibraryGridRow[], keyword: string): LibraryGridRow[] => {
  const k = keyword.trim().toLowerCase();
  if (!k) return rows;
  return rows.filter((r) =>
    [r.recordName, facilityOf(r), r.patientName, r.modality, r.study_description].some((v) =>
      (v ?? '').toLowerCase().includes(k),
    ),
  );
};

export const reviewPath = (patientRequestId: string) => `${PATHS.new.requestStatus}/${patientRequestId}`;

/** Where a row opens (records spec §2.3 navigation rules), with the tab it came from. */
export const detailsPathOf = (row: LibraryGridRow, view: RecordsView, from: string): string =>
  detailsPageOf(row, view) === 'review-request-details'
    ? reviewPath(row.patientRequestId)
    : `${PATHS.new.recordView}/${row.patientRequestId}/${row.id}?from=${encodeURIComponent(from)}`;

/** The record type shown in the grid. */
export const typeOf = (r: LibraryGridRow) =>
  r.kind === 'study'
    ? 'Imaging'
    : r.docReqType === 'REPORTS' || r.docReqType === 'RADIOLOGY_REPORTS'
      ? 'Report'
      : 'Other';

/** MMM DD, YYYY (records spec §9) of a YYYY-MM-DD or ISO date; '' without one. */
export const shortDate = (value: string | null): string => {
  if (!value) return '';
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00` : value);
  return Number.isNaN(d.getTime())
    ? ''
    : d.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
};
