import { PATHS } from '@portal/contracts';

/**
 * Where the provider screens link to, in the route table the user is in: the new table's /provider/*
 * paths, or the legacy /dataRequest and /data-request/details?id= paths (enable_v2 off).
 */
export const isLegacyPath = (pathname: string): boolean => !pathname.startsWith('/provider/');

export const listPath = (legacy: boolean): string => PATHS[legacy ? 'legacy' : 'new'].providerRequests;

export const detailPath = (legacy: boolean, patientRequestId: string): string =>
  legacy
    ? `${PATHS.legacy.providerRequest}?id=${encodeURIComponent(patientRequestId)}`
    : `${PATHS.new.providerRequest}/${encodeURIComponent(patientRequestId)}`;

/** The legacy upload page: the detail opened on the upload of one record type. */
export const legacyUploadPath = (patientRequestId: string, documentRequestId: string): string =>
  `${PATHS.legacy.providerUpload}?id=${encodeURIComponent(patientRequestId)}&documentRequestId=${encodeURIComponent(documentRequestId)}`;

/** A record of the welcome page, shown with the request it came from. */
export const recordDetailsPath = (patientRequestId: string, recordId: string): string =>
  `${PATHS.new.providerRecord}/${encodeURIComponent(patientRequestId)}/${encodeURIComponent(recordId)}`;
