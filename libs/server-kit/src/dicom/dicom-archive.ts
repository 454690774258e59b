import { unzipSync } from 'fflate';
import { AppError } from '../errors/app-error';
import { type DicomHeader, notDicom, readDicomHeader } from './dicom-header';

/** One DICOM Part 10 file, read from an upload or out of a zip archive. */
export interface DicomPart {
  /** The file's name, or its path inside the archive. */
  name: string;
  bytes: Buffer;
  header: DicomHeader;
}

/** What an archive may hold once unpacked: bounded, so a small zip cannot unpack into gigabytes. */
export const MAX_ARCHIVE_UNPACKED_BYTES = 4 * 1024 * 1024 * 1024;
const isDicomName = (name: string) => !/(^|\/)(__MACOSX\/|\.)/.test(name) && !name.endsWith('/');
const isPart10 = (b: Uint8Array) => b.length >= 132 && Buffer.from(b.buffer, b.byteOffset + 128, 4).toString('latin1') === 'DICM';

/**
 * The DICOM Part 10 entries of a zip archive (a CD export, a folder zipped by a patient or a facility),
 * unparsed. Archive noise (DICOMDIR, READMEs, viewers on a CD, macOS metadata) is skipped; an archive
 * that cannot be unpacked or holds no DICOM file at all is refused.
 */
export const unpackDicomArchive = (zip: Uint8Array, archiveName = 'archive'): Array<{ name: string; bytes: Buffer }> => {
  let unpacked = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (f) => {
        if (!isDicomName(f.name)) return false;
        unpacked += f.originalSize;
        if (unpacked > MAX_ARCHIVE_UNPACKED_BYTES) throw new AppError('FILE.TOO_LARGE', `${archiveName} unpacks to more than ${MAX_ARCHIVE_UNPACKED_BYTES} bytes`);
        return true;
      },
    });
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('REQUEST.VALIDATION_FAILED', `${archiveName} is not a zip archive we can read: ${String((e as Error)?.message ?? e)}`);
  }
  const entries = Object.entries(files)
    .filter(([, bytes]) => isPart10(bytes))
    .map(([name, bytes]) => ({ name: `${archiveName}/${name}`, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }));
  if (!entries.length) throw notDicom('the archive holds no DICOM file', archiveName);
  return entries;
};

/**
 * The DICOM files of a zip archive, parsed: an entry that claims to be DICOM and cannot be read
 * refuses the whole archive (imaging's own ingest indexes entries one by one instead).
 */
export const readDicomArchive = (zip: Uint8Array, archiveName = 'archive'): DicomPart[] =>
  unpackDicomArchive(zip, archiveName).map(({ name, bytes }) => ({ name: name.slice(archiveName.length + 1), bytes, header: readDicomHeader(bytes, name) }));

/** A DICOM upload as its parts: a Part 10 file is one part, a zip archive its DICOM entries. */
export const readDicomUpload = (bytes: Buffer, contentType: string, name: string): DicomPart[] =>
  contentType === 'application/zip' ? readDicomArchive(bytes, name) : [{ name, bytes, header: readDicomHeader(bytes, name) }];
