import * as dicomParser from 'dicom-parser';
import { AppError } from '../errors/app-error';

/** A file that claims to be DICOM (or sits in a DICOM archive) and cannot be read as one. */
export const notDicom = (why: string, fileName?: string) =>
  new AppError('REQUEST.VALIDATION_FAILED', `${fileName ? `${fileName}: ` : ''}This file is not a DICOM file we can read: ${why}`);

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

/** Reads the index fields of a DICOM Part 10 file (header only, pixel data untouched). */
export const readDicomHeader = (bytes: Uint8Array, fileName?: string): DicomHeader => {
  let ds: dicomParser.DataSet;
  try {
    // As a Buffer: on Node, dicom-parser inflates a deflated transfer syntax with Buffer's copy().
    ds = dicomParser.parseDicom(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { untilTag: 'x7fe00010' });
  } catch (e) {
    throw notDicom(String((e as Error)?.message ?? e), fileName);
  }
  const s = (tag: string) => ds.string(tag)?.trim() || undefined;
  const sop = s('x00080018');
  const study = s('x0020000d');
  const series = s('x0020000e');
  if (!sop || !study || !series) throw notDicom('it lacks the SOP, study or series instance UID', fileName);
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
