import { PNG } from 'pngjs';

/**
 * Renders one frame (the first by default) of a DICOM Part 10 file to a PNG that fits in a square of `size` pixels
 * (aspect kept, never enlarged). Grayscale goes through the instance's VOI window (window centre and
 * width) when it has a usable one, else through the min/max of the frame's modality values;
 * MONOCHROME1 is inverted; colour (RGB, YBR_FULL, palette) stays colour.
 *
 * Pure and synchronous: it runs in the thumbnail worker thread (thumbnail.worker.ts), never on the
 * event loop of the service, and directly in unit specs. Only the frame drawn is decoded (a 96-frame
 * JPEG XA decodes one JPEG, not 96).
 */
export const THUMBNAIL_SIZE = 256;

export interface Thumbnail {
  png: Buffer;
  width: number;
  height: number;
}

/** The file has no pixel data this renderer can decode: the client shows its placeholder. */
export class NoPreview extends Error {
  readonly noPreview = true;
  // Kept across the rendering thread's boundary (WorkerThread rebuilds it by name).
  override readonly name = 'NoPreview';
}

/** The part of daikon's Image this renderer uses (daikon ships no types). */
interface DaikonImage {
  littleEndian: boolean;
  getRows(): number;
  getCols(): number;
  getNumberOfFrames(): number;
  getNumberOfSamplesPerPixel(): number;
  getBitsAllocated(): number;
  getBitsStored(): number;
  getPixelRepresentation(): number;
  getPhotometricInterpretation(): string | null;
  getPlanarConfig(): number | null;
  getDataScaleSlope(): number | null;
  getDataScaleIntercept(): number | null;
  getWindowCenter(): number | null;
  getWindowWidth(): number | null;
  hasPixelData(): boolean;
  isCompressed(): boolean;
  isCompressedRLE(): boolean;
  isCompressedJPEG(): boolean;
  isPalette(): boolean;
  getJpegs(): ArrayBuffer[];
  getRLE(): ArrayBuffer[];
  getPixelDataBytes(): ArrayBuffer;
}

interface Daikon {
  Parser: { verbose: boolean };
  Series: { parseImage(data: DataView): DaikonImage | null; parserError: unknown };
}

// daikon is CommonJS without types; loaded once per thread.
const daikon = require('daikon') as Daikon;
daikon.Parser.verbose = false;

const parse = (bytes: Uint8Array): DaikonImage => {
  let image: DaikonImage | null;
  try {
    // daikon reads some values by absolute offset in the DataView's buffer: it gets a buffer of its own.
    const own =
      bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
    image = daikon.Series.parseImage(new DataView(own.buffer, 0, own.byteLength));
  } catch (e) {
    throw new NoPreview(`unreadable DICOM: ${(e as Error).message}`);
  }
  if (!image) throw new NoPreview(`unreadable DICOM: ${String(daikon.Series.parserError)}`);
  if (!image.hasPixelData()) throw new NoPreview('no pixel data');
  const rows = image.getRows();
  const cols = image.getCols();
  if (!(rows > 0 && cols > 0)) throw new NoPreview('no image size');
  return image;
};

/** One frame's stored bytes (0-based), decompressed; daikon decompresses every frame it is given, so it is given only that one. */
const frameBytesOf = (
  image: DaikonImage,
  frameBytes: number,
  frame: number,
): { view: DataView; littleEndian: boolean } => {
  let buffer: ArrayBuffer;
  let offset = frame * frameBytes;
  try {
    if (image.isCompressed()) {
      if (image.isCompressedRLE()) {
        const one = image.getRLE().slice(frame, frame + 1);
        image.getRLE = () => one;
      } else {
        const one = image.getJpegs().slice(frame, frame + 1);
        image.getJpegs = () => one;
      }
      image.getNumberOfFrames = () => 1;
      offset = 0;
    }
    buffer = image.getPixelDataBytes();
  } catch (e) {
    throw new NoPreview(`pixel data cannot be decoded: ${(e as Error).message}`);
  }
  if (!buffer || buffer.byteLength < offset + frameBytes)
    throw new NoPreview('pixel data is shorter than the frame');
  // daikon writes decompressed samples little endian.
  return {
    view: new DataView(buffer, offset, frameBytes),
    littleEndian: image.isCompressed() ? true : image.littleEndian,
  };
};

/** Output size: fits in size x size, aspect kept, never enlarged. */
export const fitIn = (cols: number, rows: number, size: number): { width: number; height: number } => {
  const scale = Math.min(1, size / Math.max(cols, rows));
  return { width: Math.max(1, Math.round(cols * scale)), height: Math.max(1, Math.round(rows * scale)) };
};

/** Box-filter downscale of `channels` interleaved planes of float samples. */
const downscale = (
  src: Float32Array,
  cols: number,
  rows: number,
  channels: number,
  width: number,
  height: number,
): Float32Array => {
  if (width === cols && height === rows) return src;
  const sums = new Float64Array(width * height * channels);
  const counts = new Uint32Array(width * height);
  const xOut = new Uint32Array(cols);
  for (let x = 0; x < cols; x++) xOut[x] = Math.min(width - 1, Math.floor((x * width) / cols));
  for (let y = 0; y < rows; y++) {
    const oy = Math.min(height - 1, Math.floor((y * height) / rows));
    for (let x = 0; x < cols; x++) {
      const o = oy * width + xOut[x];
      counts[o]++;
      const s = (y * cols + x) * channels;
      for (let c = 0; c < channels; c++) sums[o * channels + c] += src[s + c];
    }
  }
  const out = new Float32Array(width * height * channels);
  for (let o = 0; o < width * height; o++)
    for (let c = 0; c < channels; c++) out[o * channels + c] = sums[o * channels + c] / counts[o];
  return out;
};

const clampByte = (v: number) => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

/** Grayscale: the frame's modality values (stored value masked to BitsStored, sign-extended, rescaled). */
const grayValues = (
  image: DaikonImage,
  view: DataView,
  littleEndian: boolean,
  count: number,
): { values: Float32Array; min: number; max: number } => {
  const bitsAllocated = image.getBitsAllocated();
  const bitsStored = Math.min(image.getBitsStored() || bitsAllocated, bitsAllocated, 32);
  const signed = image.getPixelRepresentation() === 1;
  const slope = image.getDataScaleSlope() || 1;
  const intercept = image.getDataScaleIntercept() || 0;
  const bytes = bitsAllocated / 8;
  if (![1, 2, 4].includes(bytes)) throw new NoPreview(`${bitsAllocated} bits allocated are not supported`);
  const range = 2 ** bitsStored;
  const read =
    bytes === 1
      ? (i: number) => view.getUint8(i)
      : bytes === 2
        ? (i: number) => view.getUint16(i * 2, littleEndian)
        : (i: number) => view.getUint32(i * 4, littleEndian);
  const values = new Float32Array(count);
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < count; i++) {
    let v = read(i) % range;
    if (signed && v >= range / 2) v -= range;
    v = v * slope + intercept;
    values[i] = v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { values, min, max };
};

/** Colour: 8-bit RGB samples, interleaved (planar configuration 0) or by plane (1); YBR_FULL turned to RGB. */
const colourValues = (
  image: DaikonImage,
  view: DataView,
  count: number,
  planar: boolean,
  ybr: boolean,
): Float32Array => {
  if (image.getBitsAllocated() !== 8)
    throw new NoPreview('colour with more than 8 bits per sample is not supported');
  const out = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) {
    let r = planar ? view.getUint8(i) : view.getUint8(i * 3);
    let g = planar ? view.getUint8(count + i) : view.getUint8(i * 3 + 1);
    let b = planar ? view.getUint8(2 * count + i) : view.getUint8(i * 3 + 2);
    if (ybr) {
      const [y, cb, cr] = [r, g, b];
      r = y + 1.402 * (cr - 128);
      g = y - 0.344136 * (cb - 128) - 0.714136 * (cr - 128);
      b = y + 1.772 * (cb - 128);
    }
    out[i * 3] = r;
    out[i * 3 + 1] = g;
    out[i * 3 + 2] = b;
  }
  return out;
};

/** The DICOM linear VOI function (PS3.3 C.11.2.1.2) to 0..255, or min/max when the window is missing or unusable. */
export const toDisplay = (
  v: number,
  window: { center: number; width: number } | null,
  min: number,
  max: number,
): number => {
  if (window) {
    const { center: c, width: w } = window;
    if (v <= c - 0.5 - (w - 1) / 2) return 0;
    if (v > c - 0.5 + (w - 1) / 2) return 255;
    return ((v - (c - 0.5)) / (w - 1) + 0.5) * 255;
  }
  return max > min ? ((v - min) / (max - min)) * 255 : 0;
};

export const renderThumbnail = (bytes: Uint8Array, size = THUMBNAIL_SIZE, frame = 0): Thumbnail => {
  const image = parse(bytes);
  const rows = image.getRows();
  const cols = image.getCols();
  const count = rows * cols;
  const photometric = (image.getPhotometricInterpretation() ?? 'MONOCHROME2').trim().toUpperCase();
  const palette = image.isPalette();
  const samples = palette ? 3 : image.getNumberOfSamplesPerPixel() || 1;
  if (samples !== 1 && samples !== 3) throw new NoPreview(`${samples} samples per pixel are not supported`);
  const bytesPerSample = palette ? 1 : Math.ceil(image.getBitsAllocated() / 8);
  const { view, littleEndian } = frameBytesOf(image, count * samples * bytesPerSample, frame);
  const { width, height } = fitIn(cols, rows, size);
  const png = new PNG({ width, height, colorType: samples === 3 ? 2 : 0, inputHasAlpha: false });
  const rgba = png.data;
  if (samples === 3) {
    // JPEG decoders hand back RGB whatever the photometric says; RLE output is interleaved; palettes become interleaved RGB.
    const compressedJpeg = image.isCompressed() && !image.isCompressedRLE();
    const ybr = photometric === 'YBR_FULL' && !compressedJpeg;
    if (!palette && !ybr && photometric !== 'RGB' && !(compressedJpeg && photometric.startsWith('YBR')))
      throw new NoPreview(`photometric ${photometric} is not supported`);
    const planar = !palette && !image.isCompressed() && image.getPlanarConfig() === 1;
    const small = downscale(colourValues(image, view, count, planar, ybr), cols, rows, 3, width, height);
    for (let o = 0; o < width * height; o++) {
      rgba[o * 4] = clampByte(small[o * 3]);
      rgba[o * 4 + 1] = clampByte(small[o * 3 + 1]);
      rgba[o * 4 + 2] = clampByte(small[o * 3 + 2]);
      rgba[o * 4 + 3] = 255;
    }
  } else {
    if (photometric !== 'MONOCHROME1' && photometric !== 'MONOCHROME2')
      throw new NoPreview(`photometric ${photometric} is not supported`);
    const { values, min, max } = grayValues(image, view, littleEndian, count);
    const center = image.getWindowCenter();
    const widthOfWindow = image.getWindowWidth();
    const window =
      center !== null &&
      Number.isFinite(center) &&
      widthOfWindow !== null &&
      Number.isFinite(widthOfWindow) &&
      widthOfWindow > 1
        ? { center, width: widthOfWindow }
        : null;
    const small = downscale(values, cols, rows, 1, width, height);
    const invert = photometric === 'MONOCHROME1';
    for (let o = 0; o < width * height; o++) {
      const g = clampByte(toDisplay(small[o], window, min, max));
      const shown = invert ? 255 - g : g;
      rgba[o * 4] = shown;
      rgba[o * 4 + 1] = shown;
      rgba[o * 4 + 2] = shown;
      rgba[o * 4 + 3] = 255;
    }
  }
  return { png: PNG.sync.write(png, { colorType: samples === 3 ? 2 : 0 }), width, height };
};
