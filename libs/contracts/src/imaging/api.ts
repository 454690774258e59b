/**
 * Paths of the imaging context. DICOMweb (QIDO-RS, WADO-RS, STOW-RS) lives under one root for the
 * viewer and for other systems; the spec's viewer calls (records spec §7, "paths not visible") are
 * designed under /api/imaging/viewer.
 */
export const DICOMWEB_ROOT = '/api/dicomweb';

export const IMAGING_API = {
  dicomweb: DICOMWEB_ROOT,
  /** QIDO-RS study search (GET) and STOW-RS (POST). */
  studies: `${DICOMWEB_ROOT}/studies`,
  /** GET (who may see the study): a PNG thumbnail rendered from the study's own DICOM, cached. */
  thumbnail: (studyInstanceUid: string) => `/api/imaging/studies/${studyInstanceUid}/thumbnail`,
  /** GET (signed in): the viewer access token for a study, ViewerAccess. */
  viewerToken: (studyInstanceUid: string) => `/api/imaging/studies/${studyInstanceUid}/viewerToken`,
  /** GET, public; optional ?token=<viewer token>: ViewerInit. */
  viewerInit: '/api/imaging/viewer/init',
  /** GET, public: ImageInterval, the time between frames while playing. */
  imageInterval: '/api/imaging/viewer/imageInterval',
  /** GET with the image-viewer-token header: the study's series list, ImagingStudy. */
  viewerStudy: (studyInstanceUid: string, organizationId: string) => `/api/imaging/viewer/studies/${studyInstanceUid}/organizations/${organizationId}`,
  /** GET with the image-viewer-token header: one frame drawn as a PNG, InstanceImage (base64). */
  instanceImage: (study: string, series: string, instance: string, frame: number) =>
    `/api/imaging/viewer/studies/${study}/series/${series}/instances/${instance}/frames/${frame}`,
  /** GET, public (the download token is the capability): a zip of the original DICOM files, streamed. */
  archive: (downloadToken: string) => `/api/imaging/archive/${downloadToken}`,
} as const;

/** The header the viewer calls carry their viewer token in (records spec §7); DICOMweb accepts it too. */
export const VIEWER_TOKEN_HEADER = 'image-viewer-token';

/** Play interval until the server answers its own (records spec §9). */
export const DEFAULT_IMAGE_INTERVAL_MS = 40;
/** How long a viewer token opens its studies. */
export const VIEWER_TOKEN_TTL_SECONDS = 4 * 3600;
/** How long a Download All url works. */
export const DOWNLOAD_TOKEN_TTL_SECONDS = 10 * 60;
