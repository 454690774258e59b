import * as dicomParser from 'dicom-parser';
import type { DicomJsonDataset } from '@portal/contracts';
import { boundedInflater, type DicomHeader, readDicomHeader } from '@portal/server-kit';
import { damagedDicom } from '../../imaging.errors';
import { DEFLATED, type FrameIndex, frameIndexOf } from './frame-index';
import { toDicomJson } from './dicom-json';
import { readWithDcmjs } from './dcmjs-reader';
import { bulkDataUri } from './instance-uris';

/** The QIDO-RS attributes an instance is indexed by, beyond its place in study and series. */
export interface InstanceAttributes extends DicomHeader {
  patientName: string;
  patientId: string;
  /** YYYY-MM-DD or null. */
  patientBirthDate: string | null;
  patientSex: string;
  accessionNumber: string;
  studyId: string;
  studyTime: string;
  referringPhysician: string;
  seriesDescription: string;
  bodyPart: string;
  sopClassUid: string;
  rows: number | null;
  columns: number | null;
  numberOfFrames: number;
}

/** A DICOM Part 10 file ready to keep: its bytes (preamble cleaned), index attributes, DICOM JSON and frame index. */
export interface IndexedInstance {
  name: string;
  bytes: Buffer;
  attributes: InstanceAttributes;
  metadata: DicomJsonDataset;
  frames: FrameIndex;
}

const PREAMBLE = 128;

/**
 * A preamble is free for applications (PS3.10 7.1), which is how a DICOM file can also be a Windows
 * or ELF executable; we never need it, so any non-zero preamble is zeroed before the file is kept.
 */
export const cleanPreamble = (bytes: Buffer): Buffer => {
  if (bytes.length >= PREAMBLE && bytes.subarray(0, PREAMBLE).some((b) => b !== 0))
    bytes.fill(0, 0, PREAMBLE);
  return bytes;
};

const isoDate = (da?: string): string | null => {
  const d = da?.replace(/\D/g, '');
  return d && d.length === 8 ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}` : null;
};

/** Reads everything the store keeps about a file; a damaged file or one that is not DICOM is refused, naming it. */
export const indexDicom = (input: Uint8Array, name: string): IndexedInstance => {
  // A Buffer over the same memory (bytes arrive from the index thread's caller as a plain Uint8Array).
  const bytes = cleanPreamble(Buffer.from(input.buffer, input.byteOffset, input.byteLength));
  try {
    // Unnamed here: damagedDicom below names the file once.
    const header = readDicomHeader(bytes);
    const on: { at?: number } = {};
    const ds = dicomParser.parseDicom(bytes, { inflater: boundedInflater(on) });
    const s = (tag: string) => ds.string(tag)?.trim() ?? '';
    const syntax = header.transferSyntax ?? '1.2.840.10008.1.2';
    const frames = frameIndexOf(ds, syntax, syntax === DEFLATED ? on.at : undefined);
    // dcmjs reads up to the pixel data too, so only the header bytes are copied for it (a deflated file is read whole).
    const headerEnd =
      syntax === DEFLATED || !ds.elements.x7fe00010 ? bytes.byteLength : ds.elements.x7fe00010.dataOffset;
    // Copied into memory of its own: dcmjs misreads a deflated file in shared memory (a STOW-RS body).
    const ab = new Uint8Array(bytes.subarray(0, headerEnd)).buffer;
    const read = readWithDcmjs(ab, '7FE00010');
    const uri = (tag: string) => bulkDataUri(header, tag);
    const metadata = toDicomJson({ ...read.meta, ...read.dict }, uri);
    const pixel = ds.elements.x7fe00010;
    if (pixel)
      metadata['7FE00010'] = {
        vr: pixel.encapsulatedPixelData || (ds.uint16('x00280100') ?? 16) <= 8 ? 'OB' : 'OW',
        BulkDataURI: uri('7FE00010'),
      };
    return {
      name,
      bytes,
      frames,
      metadata,
      attributes: {
        ...header,
        patientName: s('x00100010'),
        patientId: s('x00100020'),
        patientBirthDate: isoDate(s('x00100030')),
        patientSex: s('x00100040'),
        accessionNumber: s('x00080050'),
        studyId: s('x00200010'),
        studyTime: s('x00080030'),
        referringPhysician: s('x00080090'),
        seriesDescription: s('x0008103e'),
        bodyPart: s('x00180015'),
        sopClassUid: s('x00080016'),
        rows: ds.uint16('x00280010') ?? null,
        columns: ds.uint16('x00280011') ?? null,
        numberOfFrames: frames.frames.length || 1,
      },
    };
  } catch (e) {
    throw damagedDicom(name, String((e as Error)?.message ?? e));
  }
};

/**
 * Indexes files one after another in one task (the parts of a STOW-RS request): a round trip to the
 * index thread per batch, not per file. A file that is refused is answered by name with why, not thrown,
 * so the rest of the batch is kept.
 */
export const indexDicomFiles = (
  inputs: Uint8Array[],
  names: string[],
): Array<IndexedInstance | { name: string; reason: string }> =>
  inputs.map((input, i) => {
    try {
      return indexDicom(input, names[i]);
    } catch (e) {
      return { name: names[i], reason: (e as Error).message };
    }
  });
