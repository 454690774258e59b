/**
 * Paths of the imaging context. DICOMweb (QIDO-RS, WADO-RS, STOW-RS) lives under one root for the
 * viewer and for other systems; the spec's viewer calls (records spec §7, "paths not visible") are
 * designed under /api/imaging/viewer.
 */
export const DICOMWEB_ROOT = '/api/dicomweb';

const STUDIES = `${DICOMWEB_ROOT}/studies`;
const studyPath = (studyUid: string) => `${STUDIES}/${studyUid}`;
const seriesPath = (studyUid: string, seriesUid: string) => `${studyPath(studyUid)}/series/${seriesUid}`;
const instancePath = (studyUid: string, seriesUid: string, sop: string) =>
  `${seriesPath(studyUid, seriesUid)}/instances/${sop}`;

/** The DICOMweb services (PS3.18), named after their transactions as DICOMweb clients name them. */
export const DICOMWEB_API = {
  /** QIDO-RS: GET with the usual filters, the DICOM JSON of the matches. */
  searchForStudies: STUDIES,
  searchForSeries: `${DICOMWEB_ROOT}/series`,
  searchForInstances: `${DICOMWEB_ROOT}/instances`,
  searchForStudySeries: (studyUid: string) => `${studyPath(studyUid)}/series`,
  searchForStudyInstances: (studyUid: string) => `${studyPath(studyUid)}/instances`,
  searchForSeriesInstances: (studyUid: string, seriesUid: string) =>
    `${seriesPath(studyUid, seriesUid)}/instances`,
  /** STOW-RS: POST multipart/related Part 10 files into the caller's own library, or into one study of it. */
  storeInstances: STUDIES,
  storeStudyInstances: studyPath,
  /** WADO-RS: the original Part 10 files, multipart/related. */
  retrieveStudy: studyPath,
  retrieveSeries: seriesPath,
  retrieveInstance: instancePath,
  retrieveStudyMetadata: (studyUid: string) => `${studyPath(studyUid)}/metadata`,
  retrieveSeriesMetadata: (studyUid: string, seriesUid: string) =>
    `${seriesPath(studyUid, seriesUid)}/metadata`,
  retrieveInstanceMetadata: (studyUid: string, seriesUid: string, sop: string) =>
    `${instancePath(studyUid, seriesUid, sop)}/metadata`,
  retrieveStudyRendered: (studyUid: string) => `${studyPath(studyUid)}/rendered`,
  retrieveSeriesRendered: (studyUid: string, seriesUid: string) =>
    `${seriesPath(studyUid, seriesUid)}/rendered`,
  retrieveInstanceRendered: (studyUid: string, seriesUid: string, sop: string) =>
    `${instancePath(studyUid, seriesUid, sop)}/rendered`,
  retrieveStudyThumbnail: (studyUid: string) => `${studyPath(studyUid)}/thumbnail`,
  retrieveSeriesThumbnail: (studyUid: string, seriesUid: string) =>
    `${seriesPath(studyUid, seriesUid)}/thumbnail`,
  retrieveInstanceThumbnail: (studyUid: string, seriesUid: string, sop: string) =>
    `${instancePath(studyUid, seriesUid, sop)}/thumbnail`,
  /** The frames (1-based, comma-separated) of an instance, multipart/related octet streams. */
  retrieveInstanceFrames: (studyUid: string, seriesUid: string, sop: string, frames: string) =>
    `${instancePath(studyUid, seriesUid, sop)}/frames/${frames}`,
  retrieveBulkData: (studyUid: string, seriesUid: string, sop: string, tag: string) =>
    `${instancePath(studyUid, seriesUid, sop)}/bulkdata/${tag}`,
  /**
   * The pixel data of every frame of a series (PS3.18 10.4.1.1.5 Pixel Data resource), streamed as one
   * multipart/related answer: one part per frame in viewing order, each with its frame URL as Content-Location.
   */
  retrieveSeriesPixelData: (studyUid: string, seriesUid: string) =>
    `${seriesPath(studyUid, seriesUid)}/pixeldata`,
} as const;

export const IMAGING_API = {
  dicomweb: DICOMWEB_ROOT,
  /** QIDO-RS study search (GET) and STOW-RS (POST). */
  studies: DICOMWEB_API.searchForStudies,
  /** GET (who may see the study): a PNG thumbnail rendered from the study's own DICOM, cached. */
  thumbnail: (studyInstanceUid: string) => `/api/imaging/studies/${studyInstanceUid}/thumbnail`,
  /** GET (signed in): the viewer access token for a study, ViewerAccess. */
  viewerToken: (studyInstanceUid: string) => `/api/imaging/studies/${studyInstanceUid}/viewerToken`,
  /** GET, public; optional ?token=<viewer token>: ViewerInit. */
  viewerInit: '/api/imaging/viewer/init',
  /** GET, public: ImageInterval, the time between frames while playing. */
  imageInterval: '/api/imaging/viewer/imageInterval',
  /** GET with the image-viewer-token header: the study's series list, ImagingStudy. */
  viewerStudy: (studyInstanceUid: string, organizationId: string) =>
    `/api/imaging/viewer/studies/${studyInstanceUid}/organizations/${organizationId}`,
  /** GET with the image-viewer-token header: one frame drawn as a PNG, InstanceImage (base64). */
  instanceImage: (study: string, series: string, instance: string, frame: number) =>
    `/api/imaging/viewer/studies/${study}/series/${series}/instances/${instance}/frames/${frame}`,
  /** GET, public (the download token is the capability): a zip of the original DICOM files, streamed. */
  archive: (downloadToken: string) => `/api/imaging/archive/${downloadToken}`,
  /**
   * GET ?identifier= (public: the identifier is the capability): the study as an ISO, streamed. The spec
   * lists it with Sharing's calls (records spec §7); imaging serves it because it holds the DICOM files,
   * sharing only issues the identifier (SHARING_API.generateIdentifierForISO).
   */
  fetchDownloadISO: '/api/fetchDownloadISO',
  /** GET (the request's owner): StudyMoveProgress of a Smart FHIR request's study move (issue 28); 404 for anyone else. */
  studyMove: (patientRequestId: string) => `/api/imaging/studyMoves/${patientRequestId}`,
  /**
   * Issue 31 (decision 0032): the measurements and key images kept with the owner's copy of a study.
   * GET, authenticated as the viewer calls are (bearer and/or the image-viewer-token header; the public
   * page sends only the token): StudyAnnotations, to anyone who may view the study. PUT
   * SaveStudyAnnotationsInput (the owner's own signed-in session only, `canWrite`): replaces the whole set when
   * `version` is the stored one, answering the new StudyAnnotations; 409 RESOURCE.CONFLICT otherwise.
   */
  annotations: (studyInstanceUid: string) => `/api/imaging/studies/${studyInstanceUid}/annotations`,
} as const;

/** The header the viewer calls carry their viewer token in (records spec §7); DICOMweb accepts it too. */
export const VIEWER_TOKEN_HEADER = 'image-viewer-token';

/** Play interval until the server answers its own (records spec §9). */
export const DEFAULT_IMAGE_INTERVAL_MS = 40;
/** How long a viewer token opens its studies. */
export const VIEWER_TOKEN_TTL_SECONDS = 4 * 3600;
/** How long a Download All url works. */
export const DOWNLOAD_TOKEN_TTL_SECONDS = 10 * 60;

/** Issue 31: the Cornerstone3D tools whose measurements a study keeps (their toolName). */
export const MEASUREMENT_TOOLS = ['Length', 'Angle', 'EllipticalROI', 'RectangleROI'] as const;
/**
 * How many world points each tool's annotation has, as Cornerstone3D keeps its handles: a Length its two
 * ends, an Angle its three vertices; an ellipse or a rectangle 4 (Cornerstone3D's own), or 2 (opposite corners).
 */
export const MEASUREMENT_POINTS: Record<(typeof MEASUREMENT_TOOLS)[number], { min: number; max: number }> = {
  Length: { min: 2, max: 2 },
  Angle: { min: 3, max: 3 },
  EllipticalROI: { min: 2, max: 4 },
  RectangleROI: { min: 2, max: 4 },
};
/** At most this many measurements and key images per study, and characters in a label or note. */
export const MAX_MEASUREMENTS = 500;
export const MAX_KEY_IMAGES = 200;
export const ANNOTATION_TEXT_MAX = 200;
/** The largest PUT annotations body: a full set with the longest labels and notes fits with room to spare. */
export const ANNOTATIONS_BODY_LIMIT = 2 * 1024 * 1024;
