import { constants as zlib, inflateRawSync } from 'node:zlib';
import * as dicomParser from 'dicom-parser';
import { AppError } from '../errors/app-error';
import { dicomUidProblem } from './dicom-uid';

/** A file that claims to be DICOM (or sits in a DICOM archive) and cannot be read as one. */
export const notDicom = (why: string, fileName?: string) =>
  new AppError(
    'REQUEST.VALIDATION_FAILED',
    `${fileName ? `${fileName}: ` : ''}This file is not a DICOM file we can read: ${why}`,
  );

export interface DicomHeader {
  sopInstanceUid: string;
  studyInstanceUid: string;
  seriesInstanceUid: string;
  modality: string;
  studyDescription: string;
  /** YYYY-MM-DD, or null when absent or malformed. */
  studyDate: string | null;
  seriesNumber: number | null;
  instanceNumber: number | null;
  transferSyntax: string | null;
}

const isoDate = (da?: string): string | null => {
  const d = da?.replace(/\D/g, '');
  return d && d.length === 8 ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}` : null;
};
const num = (v?: string) => (v && Number.isFinite(Number(v)) ? Number(v) : null);

/**
 * A deflated dataset (transfer syntax 1.2.840.10008.1.2.1.99) is inflated by the parser at once, on
 * the event loop; bounded, so a few megabytes that inflate to gigabytes fail fast instead of stalling
 * every caller. Deflate is used for small non-image datasets; real ones stay far below the bound.
 */
export const MAX_INFLATED_DATASET_BYTES = 64 * 1024 * 1024;

/**
 * dicom-parser's inflater for the deflated syntax: the meta group as it is, the dataset inflated
 * (bounded); `on.at` learns where it starts. `cut`: the bytes are a file's first part only, so the
 * deflated stream ends early and what it gives so far is taken.
 */
export const boundedInflater =
  (on: { at?: number } = {}, cut = false) =>
  (arr: Uint8Array, position: number): Uint8Array => {
    on.at = position;
    let inflated: Buffer;
    try {
      inflated = inflateRawSync(arr.subarray(position), {
        maxOutputLength: MAX_INFLATED_DATASET_BYTES,
        ...(cut ? { finishFlush: zlib.Z_SYNC_FLUSH } : {}),
      });
    } catch (e) {
      throw new Error(
        `its deflated dataset does not inflate within ${MAX_INFLATED_DATASET_BYTES / 1024 ** 2} MB: ${(e as Error).message}`,
      );
    }
    const out = Buffer.alloc(position + inflated.length);
    out.set(arr.subarray(0, position));
    out.set(inflated, position);
    return out;
  };

/**
 * How far into a file its header is looked for: real headers (everything before the pixel data) end
 * far sooner, and it bounds what walking a hostile one costs (a Part 10 magic, then 400 MB of zeros,
 * is read by dicom-parser as 50 million empty elements: 12 s).
 */
export const MAX_HEADER_BYTES = 8 * 1024 * 1024;

/**
 * The elements before the pixel data, parsed from at most MAX_HEADER_BYTES. Cut short there (an element
 * or a fragment running past the range), what was read before is the header: every index field (groups
 * 0002 to 0020) comes long before.
 */
const parseHeader = (bytes: Uint8Array): dicomParser.DataSet => {
  const cut = bytes.byteLength > MAX_HEADER_BYTES;
  const head = cut ? bytes.subarray(0, MAX_HEADER_BYTES) : bytes;
  try {
    return dicomParser.parseDicom(Buffer.from(head.buffer, head.byteOffset, head.byteLength), {
      untilTag: 'x7fe00010',
      inflater: boundedInflater({}, cut),
    });
  } catch (e) {
    const partial = (e as { dataSet?: dicomParser.DataSet }).dataSet;
    if (cut && partial) return partial;
    throw (e as { exception?: unknown }).exception ?? e;
  }
};

/** Reads the index fields of a DICOM Part 10 file (header only, pixel data untouched). */
export const readDicomHeader = (bytes: Uint8Array, fileName?: string): DicomHeader => {
  let ds: dicomParser.DataSet;
  try {
    ds = parseHeader(bytes);
  } catch (e) {
    throw notDicom(String((e as Error)?.message ?? e), fileName);
  }
  return headerOf(ds, fileName);
};

/**
 * readDicomHeader of a file's first bytes alone, or null when they may not hold its whole header. The
 * parse must reach the (top-level) pixel data element inside them: every element before it is then
 * whole, and the header is the one the whole file gives. Anything else (a header longer than the head,
 * no pixel data, a head that does not parse) is null, and the caller reads the file's header range.
 */
export const readDicomHeaderOfHead = (head: Uint8Array, fileName?: string): DicomHeader | null => {
  let ds: dicomParser.DataSet;
  try {
    ds = dicomParser.parseDicom(Buffer.from(head.buffer, head.byteOffset, head.byteLength), {
      untilTag: 'x7fe00010',
      inflater: boundedInflater(),
    });
  } catch {
    return null;
  }
  return ds.elements.x7fe00010 ? headerOf(ds, fileName) : null;
};

/** The index fields of a parsed header; a file without its UIDs, or with UIDs that break the grammar, is refused. */
const headerOf = (ds: dicomParser.DataSet, fileName?: string): DicomHeader => {
  const s = (tag: string) => ds.string(tag)?.trim() || undefined;
  const sop = s('x00080018');
  const study = s('x0020000d');
  const series = s('x0020000e');
  if (!sop || !study || !series) throw notDicom('it lacks the SOP, study or series instance UID', fileName);
  // UIDs name the instance in the index, in DICOMweb URLs and (hashed) in its storage key: a UID that
  // breaks the grammar is this file's failure, never stored.
  for (const [label, uid] of [
    ['SOP instance UID', sop],
    ['study instance UID', study],
    ['series instance UID', series],
  ] as const) {
    const problem = dicomUidProblem(uid);
    if (problem) throw notDicom(`its ${label} ${problem}`, fileName);
  }
  return {
    sopInstanceUid: sop,
    studyInstanceUid: study,
    seriesInstanceUid: series,
    modality: s('x00080060') ?? 'OT',
    studyDescription: s('x00081030') ?? '',
    studyDate: isoDate(s('x00080020')),
    seriesNumber: num(s('x00200011')),
    instanceNumber: num(s('x00200013')),
    transferSyntax: s('x00020010') ?? null,
  };
};
