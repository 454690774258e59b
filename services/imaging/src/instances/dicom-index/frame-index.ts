import type { DataSet, Element } from 'dicom-parser';

/** A byte range of the stored file: [offset, length]. */
export type ByteRange = [number, number];

/**
 * Where an instance's bytes sit in its stored file, so WADO-RS reads only those ranges (no parse at
 * read time). Offsets of a deflated file are into its inflated form (`inflateFrom`: where the
 * deflated dataset starts).
 */
export interface FrameIndex {
  /** The stored transfer syntax. */
  syntax: string;
  /** Each frame's ranges: one for native pixel data, its fragments for an encapsulated syntax. */
  frames: ByteRange[][];
  /** Other bulk data by tag (8 hex digits): the whole value. */
  bulk: Record<string, ByteRange>;
  /** Bytes per sample to swap when asked for little endian (a big endian file with 16 or 32 bit samples). */
  swap?: number;
  inflateFrom?: number;
}

export const DEFLATED = '1.2.840.10008.1.2.1.99';
export const BIG_ENDIAN = '1.2.840.10008.1.2.2';
export const EXPLICIT_LITTLE = '1.2.840.10008.1.2.1';
export const IMPLICIT_LITTLE = '1.2.840.10008.1.2';
/** Syntaxes whose frames are plain samples (after inflating or swapping): what "uncompressed" means to a client. */
export const NATIVE_SYNTAXES = [IMPLICIT_LITTLE, EXPLICIT_LITTLE, BIG_ENDIAN, DEFLATED];

/** Values larger than this are bulk data (a BulkDataURI) rather than inline in the metadata. */
export const BULK_THRESHOLD = 1024;
const BINARY_VRS = new Set(['OB', 'OW', 'OF', 'OD', 'OL', 'OV', 'UN']);

/** JPEG (SOI) and JPEG 2000 (SOC + SIZ) code streams: where a frame starts when fragments outnumber frames without an offset table. */
const startsFrame = (bytes: Uint8Array, offset: number) =>
  bytes[offset] === 0xff &&
  (bytes[offset + 1] === 0xd8 ||
    (bytes[offset + 1] === 0x4f && bytes[offset + 2] === 0xff && bytes[offset + 3] === 0x51));

/** The frames of encapsulated pixel data as fragment ranges (PS3.5 A.4). */
export const encapsulatedFrames = (bytes: Uint8Array, pixel: Element, count: number): ByteRange[][] => {
  const fragments = pixel.fragments ?? [];
  const range = (f: { position: number; length: number }): ByteRange => [f.position, f.length];
  if (count <= 1) return [fragments.map(range)];
  if (fragments.length === count) return fragments.map((f) => [range(f)]);
  const table = pixel.basicOffsetTable ?? [];
  const frames: ByteRange[][] = [];
  if (table.length === count) {
    for (const f of fragments) {
      const i = table.filter((start) => start <= f.offset).length - 1;
      (frames[i] ??= []).push(range(f));
    }
    return frames;
  }
  for (const f of fragments) {
    if (!frames.length || startsFrame(bytes, f.position)) frames.push([]);
    frames[frames.length - 1].push(range(f));
  }
  return frames;
};

/** The frames of native pixel data: consecutive ranges of rows x columns x samples x bits / 8 bytes. */
export const nativeFrames = (pixel: Element, count: number, frameBytes: number): ByteRange[][] =>
  Array.from({ length: Math.max(count, 1) }, (_, i) => [
    [pixel.dataOffset + i * frameBytes, Math.min(frameBytes, pixel.length - i * frameBytes)] as ByteRange,
  ]).filter(([[, length]]) => length > 0);

/** The frame index of a parsed dataset (dicom-parser, parsed whole, inflated when deflated). */
export const frameIndexOf = (ds: DataSet, syntax: string, inflateFrom?: number): FrameIndex => {
  const count = Number(ds.intString('x00280008') ?? 1) || 1;
  const bits = ds.uint16('x00280100') ?? 16;
  const frameBytes = Math.ceil(
    ((ds.uint16('x00280010') ?? 0) * (ds.uint16('x00280011') ?? 0) * (ds.uint16('x00280002') ?? 1) * bits) /
      8,
  );
  const pixel = ds.elements.x7fe00010;
  const frames = !pixel
    ? []
    : pixel.encapsulatedPixelData
      ? encapsulatedFrames(ds.byteArray, pixel, count)
      : nativeFrames(pixel, count, frameBytes || pixel.length);
  const bulk: Record<string, ByteRange> = {};
  for (const [key, el] of Object.entries(ds.elements)) {
    if (key !== 'x7fe00010' && el.vr && BINARY_VRS.has(el.vr) && el.length > BULK_THRESHOLD && !el.items)
      bulk[key.slice(1).toUpperCase()] = [el.dataOffset, el.length];
  }
  return {
    syntax,
    frames,
    bulk,
    ...(syntax === BIG_ENDIAN && bits > 8 ? { swap: bits / 8 } : {}),
    ...(inflateFrom !== undefined ? { inflateFrom } : {}),
  };
};
