/** yup schemas of the imaging context's viewer calls and study annotations. */
import * as yup from 'yup';
import {
  ANNOTATION_TEXT_MAX,
  MAX_KEY_IMAGES,
  MAX_MEASUREMENTS,
  MEASUREMENT_POINTS,
  MEASUREMENT_TOOLS,
} from './api';
import type { MeasurementTool, SaveStudyAnnotationsInput } from './types';

/** GET viewer init: an optional viewer token (a JWT; anything longer than a token can be is refused). */
export const viewerInitQuery = yup.object({
  token: yup.string().max(4096),
});

/**
 * Issue 31: what the imaging context answers about a study's annotations besides validation, so the
 * viewer can show the same words.
 */
export const ANNOTATION_MESSAGES = {
  readOnly: 'Only the owner of this study can change its measurements and key images',
  conflict: (version: number) =>
    `The measurements and key images of this study were saved elsewhere meanwhile (now version ${version}); reload them and make your change again`,
  unknownInstance: (path: string, seriesUid: string, sopInstanceUid: string) =>
    `${path}: instance ${sopInstanceUid} of series ${seriesUid} is not in this study`,
  unknownFrame: (path: string, frames: number) =>
    `${path} names a frame the instance does not have (it has ${frames})`,
};

type Message = (params: { path: string }) => string;
const says =
  (text: string): Message =>
  ({ path }) =>
    `${path} ${text}`;

/** A DICOM UID as server-kit's dicom-uid reads it: digits and dots, at most 64 characters (PS3.5 9.1). */
const DICOM_UID = /^[0-9]+(?:\.[0-9]+)*$/;
/** An ISO 8601 date and time with its offset (what Date.prototype.toISOString writes, and more precision or an offset). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
/** A control character (Unicode's Cc: U+0000 to U+001F and U+007F to U+009F): a label is plain text on one line. */
const CONTROL = /\p{Cc}/u;
/** Half of a UTF-16 pair alone: no JSON store (PostgreSQL's jsonb) takes it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const dicomUid = () =>
  yup
    .string()
    .required(says('is required'))
    .max(64, says('must be a DICOM UID of at most 64 characters'))
    .matches(DICOM_UID, says('must be a DICOM UID (digits and dots)'));
const frameNumber = () =>
  yup
    .number()
    .typeError(says('must be a frame number'))
    .required(says('is required'))
    .integer(says('must be a whole frame number'))
    .min(1, says('must be 1 or more (frames count from 1)'))
    .max(Number.MAX_SAFE_INTEGER, says('is not a frame number'));
const plainText = () =>
  yup
    .string()
    .max(ANNOTATION_TEXT_MAX, says(`must be at most ${ANNOTATION_TEXT_MAX} characters`))
    .test(
      'plain-text',
      says('must be plain text on one line'),
      (v) => v === undefined || (!CONTROL.test(v) && !LONE_SURROGATE.test(v)),
    );
const coordinate = yup
  .number()
  .typeError(says('must be a number'))
  .required(says('is required'))
  .test('finite', says('must be a finite number'), (v) => v === undefined || Number.isFinite(v));
const worldPoint = yup
  .array(coordinate)
  .required(says('is required'))
  .length(3, says('must be a point [x, y, z] in millimetres'));

/** One measurement of SaveStudyAnnotationsInput (its points checked against its tool's MEASUREMENT_POINTS). */
export const measurementSchema = yup
  .object({
    id: yup.string().required(says('is required')).uuid(says('must be a uuid')).lowercase(),
    tool: yup
      .string()
      .required(says('is required'))
      .oneOf(MEASUREMENT_TOOLS, says(`must be one of ${MEASUREMENT_TOOLS.join(', ')}`)),
    seriesUid: dicomUid(),
    sopInstanceUid: dicomUid(),
    frame: frameNumber(),
    points: yup
      .array(worldPoint)
      .required(says('is required'))
      .min(2, says('must have at least 2 points'))
      .max(4, says('must have at most 4 points')),
    label: plainText(),
    createdAt: yup
      .string()
      .required(says('is required'))
      .max(40, says('must be an ISO 8601 date and time'))
      .matches(ISO_INSTANT, says('must be an ISO 8601 date and time'))
      .test('date', says('must be a real date and time'), (v) => v === undefined || !isNaN(Date.parse(v))),
  })
  .test('points-of-tool', function pointsOfTool(m) {
    const range = m && MEASUREMENT_POINTS[m.tool as MeasurementTool];
    if (!range || !Array.isArray(m.points)) return true;
    const n = m.points.length;
    if (n >= range.min && n <= range.max) return true;
    const want = range.min === range.max ? `${range.min}` : `${range.min} to ${range.max}`;
    return this.createError({
      path: `${this.path}.points`,
      message: `${this.path}.points: ${m.tool} takes ${want} points, not ${n}`,
    });
  });

/** One key image of SaveStudyAnnotationsInput. */
export const studyKeyImageSchema = yup.object({
  seriesUid: dicomUid(),
  sopInstanceUid: dicomUid(),
  frame: frameNumber(),
  note: plainText(),
});

const distinct = <T>(list: readonly T[] | undefined, key: (item: T) => unknown): boolean =>
  !list || new Set(list.map(key)).size === list.length;

/** PUT IMAGING_API.annotations: the whole set of a study's measurements and key images, and the version it replaces. */
export const saveStudyAnnotationsSchema = yup.object({
  measurements: yup
    .array(measurementSchema)
    .required(says('is required'))
    .max(MAX_MEASUREMENTS, `A study keeps at most ${MAX_MEASUREMENTS} measurements`)
    .test('unique-ids', 'Each measurement needs an id of its own', (list) =>
      distinct(list, (m) => m?.id?.toLowerCase()),
    ),
  keyImages: yup
    .array(studyKeyImageSchema)
    .required(says('is required'))
    .max(MAX_KEY_IMAGES, `A study keeps at most ${MAX_KEY_IMAGES} key images`)
    .test('unique-frames', 'A frame is marked as a key image once', (list) =>
      distinct(list, (k) => `${k?.seriesUid}|${k?.sopInstanceUid}|${k?.frame}`),
    ),
  version: yup
    .number()
    .typeError(says('must be the version the annotations were read at'))
    .required(says('is required'))
    .integer(says('must be a whole number'))
    .min(0, says('must be 0 or more'))
    .max(2_147_483_647, says('is not a version of these annotations')),
}) as unknown as yup.ObjectSchema<SaveStudyAnnotationsInput>;

/**
 * The lengths of a SaveStudyAnnotationsInput body checked before the schema runs, in one pass: a body of
 * hundreds of thousands of empty items (a few bytes each) would otherwise have every item validated and
 * every failure kept. The first list too long, with its field and message; null when every list fits.
 */
export const annotationListTooLong = (body: unknown): { field: string; message: string } | null => {
  const b = (body ?? {}) as { measurements?: unknown; keyImages?: unknown };
  if (Array.isArray(b.measurements) && b.measurements.length > MAX_MEASUREMENTS)
    return { field: 'measurements', message: `A study keeps at most ${MAX_MEASUREMENTS} measurements` };
  if (Array.isArray(b.keyImages) && b.keyImages.length > MAX_KEY_IMAGES)
    return { field: 'keyImages', message: `A study keeps at most ${MAX_KEY_IMAGES} key images` };
  const measurements: unknown[] = Array.isArray(b.measurements) ? b.measurements : [];
  for (const [i, m] of measurements.entries()) {
    const points = (m as { points?: unknown } | null)?.points;
    if (!Array.isArray(points)) continue;
    const field = `measurements[${i}].points`;
    if (points.length > 4) return { field, message: `${field} must have at most 4 points` };
    for (const [j, p] of points.entries())
      if (Array.isArray(p) && p.length > 3)
        return {
          field: `${field}[${j}]`,
          message: `${field}[${j}] must be a point [x, y, z] in millimetres`,
        };
  }
  return null;
};
