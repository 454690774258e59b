import type { MEASUREMENT_TOOLS } from './api';

/** One attribute of the DICOM JSON model (PS3.18 F.2): its VR and values. */
export interface DicomJsonAttribute {
  vr: string;
  Value?: unknown[];
  BulkDataURI?: string;
  InlineBinary?: string;
}
/** A dataset in the DICOM JSON model, keyed by 8-digit hex tag. */
export type DicomJsonDataset = Record<string, DicomJsonAttribute>;

/** The viewer access token for a study (records spec §7): jwt is null when study_available is false. */
export interface ViewerAccess {
  jwt: string | null;
  /** False while the study's images are not (or no longer) in the store: the viewer says it is being fetched. */
  study_available: boolean;
}

/** What a viewer token opens: the studies, whose instances, until when, and for which purpose. */
export interface ViewerGrant {
  /** Who asked: a user id, or `link:<id>` for a public link. */
  sub: string;
  /** Whose instances of the studies are shown (the patient who owns them). */
  owner: string;
  studies: string[];
  /** The public link the token came from (checked for revocation on every call). */
  link?: string;
  /**
   * The facility delivery (patient request id) a provider's token was issued for: the provider context
   * checked that the staff member's facility made it; imaging checks on every call that the studies came with it.
   */
  delivery?: string;
  purpose: 'view' | 'download';
}

/** GET viewer init (records spec §7: "viewer init, with or without token"). */
export interface ViewerInit {
  /** Milliseconds between frames while playing. */
  image_interval: number;
  dicomweb_root: string;
  /** The studies the given token opens (empty without a token or with one that no longer works). */
  studies: string[];
  token_valid: boolean;
}

/** GET image interval: value in ms. */
export interface ImageInterval {
  value: number;
}

/** An instance of a series in the imaging study (records spec §3): frame defaults to 1. */
export interface ViewerInstance {
  instance_uid: string;
  instance_number: number | null;
  /** Frames of the instance (1 for a single-frame image). */
  frame: number;
}

export interface ViewerSeries {
  series_uid: string;
  series_number: number | null;
  modality: string;
  series_description: string;
  instances: ViewerInstance[];
}

/** The imaging study (records spec §3) with what the viewer's header shows. */
export interface ImagingStudy {
  study_uid: string;
  modality: string;
  study_description: string;
  /** YYYY-MM-DD or null. */
  study_date: string | null;
  patient_first_name: string;
  patient_last_name: string;
  total_instances: number;
  series: ViewerSeries[];
}

/** GET instance image: one frame drawn as a PNG, base64. */
export interface InstanceImage {
  data: string;
}

/** Issue 28: how far imaging has brought a study in from a facility's system (IMAGING_API.studyMove). */
export interface StudyMoveProgress {
  status: 'moving' | 'done' | 'failed';
  /** Instances the facility holds (null until listed), done so far, and bytes stored. */
  instancesTotal: number | null;
  instancesDone: number;
  bytesDone: number;
  /** Attempts that failed so far (MOVE_ATTEMPTS in all), and the last reason. */
  attempts: number;
  error: string | null;
}

/** Issue 31: a measurement tool of MEASUREMENT_TOOLS. */
export type MeasurementTool = (typeof MEASUREMENT_TOOLS)[number];
/** A point in patient (world) coordinates, millimetres, as Cornerstone3D keeps an annotation's handles. */
export type WorldPoint = [number, number, number];

/** One measurement drawn on a frame of an instance of the study. */
export interface Measurement {
  /** The client's id of it (a uuid, unique in the study's set). */
  id: string;
  tool: MeasurementTool;
  seriesUid: string;
  sopInstanceUid: string;
  /** 1-based frame of the instance (1 for a single-frame image). */
  frame: number;
  /** MEASUREMENT_POINTS[tool] points. */
  points: WorldPoint[];
  /** Plain text (no control characters), at most ANNOTATION_TEXT_MAX characters. */
  label?: string;
  /** ISO 8601 date and time, with its offset. */
  createdAt: string;
}

/** A frame the owner marked as a key image, with an optional note. */
export interface StudyKeyImage {
  seriesUid: string;
  sopInstanceUid: string;
  frame: number;
  note?: string;
}

/** PUT IMAGING_API.annotations: the whole set, and the version it was read at (0 when none was saved). */
export interface SaveStudyAnnotationsInput {
  measurements: Measurement[];
  keyImages: StudyKeyImage[];
  version: number;
}

/** GET (and the PUT's answer) IMAGING_API.annotations: the owner's set; version 0 and empty lists until one is saved. */
export interface StudyAnnotations extends SaveStudyAnnotationsInput {
  /** Whether this caller may save (the owner's own signed-in session); everyone else reads only. */
  canWrite: boolean;
}
