// A native frame's pixels, with nothing of the page in them: the series' stream worker prepares each
// frame with these (series-parts.ts), and the page with the same functions where no worker prepared it
// (the first image, Cornerstone's native images, MPR's cuts).

/** What the server sends every native (uncompressed little endian or inflated) frame as. */
export const EXPLICIT_LITTLE = '1.2.840.10008.1.2.1';

/** A frame's samples as the viewer holds them. */
export type Samples = Int16Array | Uint16Array | Uint8Array | Float32Array;

/** The smallest and largest sample of a frame (the first image's range, Cornerstone's images, MPR cuts). */
export const minMax = (a: Samples): { min: number; max: number } => {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < a.length; i++) {
    const v = a[i];
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { min, max };
};

/**
 * Rescales Int16 samples in place by an integral slope and intercept and answers their new min and max
 * from the same pass: one pass over a CT frame instead of two (min and max, then the rescale). A value
 * that leaves Int16's range undoes what was done (exact for integers) and answers null; the caller then
 * picks a wider array from the stored min and max.
 */
export const rescaleInPlace = (
  a: Int16Array,
  slope: number,
  intercept: number,
): { min: number; max: number } | null => {
  if (!Number.isInteger(slope) || !Number.isInteger(intercept) || slope === 0) return null;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < a.length; i++) {
    const v = a[i] * slope + intercept;
    if (v < -32768 || v > 32767) {
      for (let j = 0; j < i; j++) a[j] = (a[j] - intercept) / slope;
      return null;
    }
    a[i] = v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { min, max };
};

/** What decides whether a frame is drawn from its bytes on the page, read from either metadata source. */
export interface NativeFrameFacts {
  syntax: string;
  samplesPerPixel: number | undefined;
  photometric: string;
  modality: string | undefined;
  hasModalityLutSequence: boolean;
  rows: number;
  columns: number;
  bitsAllocated: number | undefined;
  bitsStored: number | undefined;
  pixelRepresentation: number | undefined;
}

/**
 * Whether frames with these facts are drawn from their bytes on the page (their length aside): not
 * colour, palettes, modality LUT sequences, PET SUV, dose grids, signed samples narrower than their
 * words, nor a compressed or big endian syntax. Those only Cornerstone's loader draws.
 */
export const drawnFromBytes = (f: NativeFrameFacts): boolean => {
  const bits = f.bitsAllocated;
  const signed = f.pixelRepresentation === 1;
  return (
    f.syntax === EXPLICIT_LITTLE &&
    f.samplesPerPixel === 1 &&
    /^MONOCHROME[12]$/.test(f.photometric) &&
    !f.hasModalityLutSequence &&
    f.modality !== 'PT' &&
    f.modality !== 'RTDOSE' &&
    (bits === 16 || (bits === 8 && !signed)) &&
    !(signed && f.bitsStored !== bits) &&
    !!f.rows &&
    !!f.columns
  );
};

/**
 * A native grayscale frame's samples, a view of its bytes (no copy), for the first image and for
 * Cornerstone's native images alike; null for what only Cornerstone's loader draws (drawnFromBytes)
 * and for bytes that do not fill the frame.
 */
export const nativeSamples = (f: NativeFrameFacts, bytes: Uint8Array): Samples | null => {
  const { rows, columns, bitsAllocated: bits } = f;
  if (!drawnFromBytes(f) || bytes.byteLength !== rows * columns * (bits! / 8) || bytes.byteOffset % 2)
    return null;
  if (bits === 8) return bytes;
  return f.pixelRepresentation === 1
    ? new Int16Array(bytes.buffer, bytes.byteOffset, rows * columns)
    : new Uint16Array(bytes.buffer, bytes.byteOffset, rows * columns);
};

/** The smallest integer array the rescaled values fit in; Float32 for fractional rescales. */
const scaledType = (min: number, max: number, integral: boolean) => {
  if (!integral) return Float32Array;
  if (min >= -32768 && max <= 32767) return Int16Array;
  if (min >= 0 && max <= 65535) return Uint16Array;
  return Float32Array;
};

/** A native frame's samples in the modality's unit (rescaled), with their range. */
export interface PreparedFrame {
  samples: Samples;
  min: number;
  max: number;
}

/** How an instance's frames are prepared: what decides their drawing, and the modality rescale. */
export interface FramePreparation {
  facts: Omit<NativeFrameFacts, 'syntax'>;
  slope: number;
  intercept: number;
}

/**
 * A native grayscale frame's samples rescaled by the modality's slope and intercept, with their min and
 * max; null for what only Cornerstone's loader draws. A CT's signed frame with an integral rescale stays
 * Int16, rescaled where it lies (its bytes are the samples then), in one pass.
 */
export const prepareNative = (
  { facts, slope, intercept }: FramePreparation,
  syntax: string,
  bytes: Uint8Array,
): PreparedFrame | null => {
  const raw = nativeSamples({ ...facts, syntax }, bytes);
  if (!raw) return null;
  const rescaled = slope !== 1 || intercept !== 0;
  const inPlace = rescaled && raw instanceof Int16Array ? rescaleInPlace(raw, slope, intercept) : null;
  let { min, max } = inPlace ?? minMax(raw);
  if (!rescaled || inPlace) return { samples: raw, min, max };
  [min, max] = [min * slope + intercept, max * slope + intercept].sort((a, b) => a - b);
  const Type = scaledType(min, max, Number.isInteger(slope) && Number.isInteger(intercept));
  const samples = Type === raw.constructor ? raw : new Type(raw.length);
  for (let i = 0; i < raw.length; i++) samples[i] = raw[i] * slope + intercept;
  return { samples, min, max };
};
