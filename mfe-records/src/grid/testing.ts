/** Test helpers of the grid (never imported by the app): a library row and a fake grid protocol. */
import { RECORDS_API, type LibraryGridRow } from '@portal/contracts';
import type { FakeCall } from '../testing';

export const gridRow = (i: number, over: Partial<LibraryGridRow> = {}): LibraryGridRow => ({
  id: `a${i}`,
  kind: 'study',
  patientRequestId: `r${i}`,
  approved_cfind_responseId: `a${i}`,
  documentId: null,
  study_instance_uid: `1.2.${i}`,
  facilityId: 'c1',
  facilityName: 'St. Mary Imaging Center',
  status: 'Completed',
  patientId: 'p1',
  patientName: 'Ann Lee',
  page: 'view-request-report-details',
  showImagingView: true,
  docReqType: 'IMAGES',
  recordName: `MR Brain ${i}`,
  modality: 'MR',
  study_description: 'Brain',
  date: '2025-12-30',
  total_instances: 20,
  fileName: null,
  created: '2026-01-05T00:00:00.000Z',
  starred: false,
  manual_upload_dicom: false,
  has_attachments: true,
  requestTypes: ['Images'],
  shared_with: [],
  sharedWithMe: false,
  ...over,
});

/** A snapshot of `count` rows that is ready after `pendingChecks` checks. */
export const gridProtocol = (
  count: number | LibraryGridRow[],
  pendingChecks = 0,
  identifier = '7d1c6a52-58ab-4c8e-9d0a-2f0b1c3d4e5f',
) => {
  let checks = 0;
  const all = Array.isArray(count) ? count : Array.from({ length: count }, (_v, i) => gridRow(i));
  return {
    [`GET ${RECORDS_API.loadGrid}`]: [200, { identifier }] as [number, unknown],
    [`GET ${RECORDS_API.checkData}`]: () => {
      checks += 1;
      return [
        200,
        checks > pendingChecks ? { isReady: true, total: all.length } : { isReady: false, total: null },
      ] as [number, unknown];
    },
    [`GET ${RECORDS_API.fetchData}`]: (c: FakeCall) => {
      const offset = Number(c.query.get('chunkOffset'));
      const size = Number(c.query.get('chunkSize'));
      const rows = all.slice(offset, offset + size);
      return [200, { rows, hasMore: offset + rows.length < all.length }] as [number, unknown];
    },
  };
};
