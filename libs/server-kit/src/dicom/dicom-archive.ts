import * as fs from 'node:fs';
import type { Readable } from 'node:stream';
import * as yauzl from 'yauzl';
import { AppError } from '../errors/app-error';
import { type DicomHeader, MAX_HEADER_BYTES, notDicom } from './dicom-header';
import { readDicomHeaderOffLoop, readDicomHeaderOfHeadOffLoop } from './dicom-header-thread';

/**
 * What one archive may make once unpacked. Every figure is counted on the bytes really inflated, never
 * read from the archive's own headers (a zip may say 4 KB of an entry that inflates to 2 GB).
 */
export interface ArchiveLimits {
  /** Real bytes all entries may inflate to (the caller lowers it to what the account's quota has left). */
  maxUnpackedBytes: number;
  /** Real bytes of one DICOM entry: it is held in memory to be read, so this bounds memory per archive. */
  maxEntryBytes: number;
  /** Entries the archive may list (each costs a turn of the event loop even when skipped). */
  maxEntries: number;
}

export const ARCHIVE_LIMITS: ArchiveLimits = {
  maxUnpackedBytes: 4 * 1024 ** 3,
  maxEntryBytes: 512 * 1024 ** 2,
  maxEntries: 100_000,
};

/** A DICOM entry of an archive: its bytes, or why it could not be taken out. */
export type ArchiveEntry = { name: string; bytes: Buffer } | { name: string; failure: string };

/** One DICOM Part 10 file, read from an upload or out of a zip archive. */
export interface DicomPart {
  /** The file's name, or its path inside the archive. */
  name: string;
  header: DicomHeader;
}

const PART10_MAGIC_END = 132;
const isNoise = (name: string) => /(^|\/)(__MACOSX\/|\.)/.test(name) || name.endsWith('/');
const hasPart10Magic = (b: Buffer) =>
  b.length >= PART10_MAGIC_END && b.toString('latin1', 128, PART10_MAGIC_END) === 'DICM';
const mib = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MB`;

/**
 * An entry's name for messages and logs only: it never becomes a path. Decoded as the archive says
 * (UTF-8 flag, else CP437 read as Latin-1), control characters replaced, length bounded.
 */
/** C0 and C1 control characters and DEL: never shown as they came from a file or another system. */
export const isControlCharacter = (c: string) => c < ' ' || (c >= '\u007f' && c <= '\u009f');
export const entryDisplayName = (raw: Buffer, utf8: boolean): string =>
  Array.from(raw.toString(utf8 ? 'utf8' : 'latin1').replace(/\\/g, '/'), (c) =>
    isControlCharacter(c) ? '?' : c,
  )
    .join('')
    .slice(0, 255);

const tooLarge = (archiveName: string, limit: number) =>
  new AppError('FILE.TOO_LARGE', `${archiveName} unpacks to more than ${mib(limit)}`);

/**
 * Reads one entry's stream into one buffer of its (validated) size, counting the bytes really inflated
 * (zlib runs on libuv's thread pool, so the event loop is free meanwhile); only the first `keep` bytes
 * are kept when less is needed. An entry whose first bytes are not a Part 10 file is dropped at once;
 * one that takes the archive past its bound is stopped there.
 */
const readEntry = async (
  stream: Readable,
  size: number,
  keep: number,
  archiveLeft: () => number,
  count: (n: number) => void,
): Promise<Buffer | 'not-dicom' | 'archive-too-large'> => {
  const bytes = Buffer.allocUnsafe(Math.min(size, keep));
  let read = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      count(chunk.length);
      // yauzl stops an entry that inflates past its stated size; the archive's bound is ours.
      if (archiveLeft() < 0) return 'archive-too-large';
      if (read < bytes.length) chunk.copy(bytes, read, 0, Math.min(chunk.length, bytes.length - read));
      const before = read;
      read += chunk.length;
      if (before < PART10_MAGIC_END && read >= PART10_MAGIC_END && !hasPart10Magic(bytes)) return 'not-dicom';
    }
  } finally {
    stream.destroy();
  }
  return read >= PART10_MAGIC_END && hasPart10Magic(bytes)
    ? bytes.subarray(0, Math.min(read, bytes.length))
    : 'not-dicom';
};

/**
 * The DICOM Part 10 entries of a zip archive on disk (a CD export, a folder zipped by a patient or a
 * facility), one at a time: only one entry (or its first `keep` bytes) is in memory at once. Archive noise (DICOMDIR, READMEs,
 * viewers on a CD, macOS metadata) and entries that are not Part 10 files are skipped. An entry that
 * cannot be taken out (encrypted, too large, its size not what the archive says, damaged) is yielded as
 * a failure naming it; an archive that cannot be opened, lists too many entries, inflates past its bound
 * or holds no DICOM entry at all is refused whole.
 */
export async function* dicomArchiveEntries(
  file: string,
  archiveName = 'archive',
  limits: ArchiveLimits = ARCHIVE_LIMITS,
  keep = Infinity,
): AsyncGenerator<ArchiveEntry> {
  let zip: yauzl.ZipFile;
  try {
    // Names stay bytes (decodeStrings false): they are only shown, never validated into paths by the library.
    zip = await yauzl.openPromise(file, { decodeStrings: false, validateEntrySizes: true, autoClose: false });
  } catch (e) {
    throw new AppError(
      'REQUEST.VALIDATION_FAILED',
      `${archiveName} is not a zip archive we can read: ${String((e as Error)?.message ?? e)}`,
    );
  }
  let unpacked = 0;
  let dicom = 0;
  try {
    if (zip.entryCount > limits.maxEntries)
      throw new AppError('FILE.TOO_LARGE', `${archiveName} lists more than ${limits.maxEntries} files`);
    for await (const entry of zip.eachEntry()) {
      const inner = entryDisplayName(
        entry.fileName as unknown as Buffer,
        (entry.generalPurposeBitFlag & 0x800) !== 0,
      );
      if (isNoise(inner)) continue;
      const name = `${archiveName}/${inner}`;
      if (entry.isEncrypted()) {
        dicom++;
        yield { name, failure: 'it is encrypted' };
        continue;
      }
      // The header's size is only a claim; a claim past the bound is refused without inflating a byte.
      if (entry.uncompressedSize > limits.maxEntryBytes) {
        dicom++;
        yield { name, failure: `it is larger than ${mib(limits.maxEntryBytes)}` };
        continue;
      }
      let read: Awaited<ReturnType<typeof readEntry>>;
      try {
        const stream = await zip.openReadStreamPromise(entry);
        read = await readEntry(
          stream,
          entry.uncompressedSize,
          keep,
          () => limits.maxUnpackedBytes - unpacked,
          (n) => (unpacked += n),
        );
      } catch (e) {
        dicom++;
        yield { name, failure: `it cannot be unpacked: ${String((e as Error)?.message ?? e)}` };
        continue;
      }
      if (read === 'archive-too-large') throw tooLarge(archiveName, limits.maxUnpackedBytes);
      if (read === 'not-dicom') continue;
      dicom++;
      yield { name, bytes: read };
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError(
      'REQUEST.VALIDATION_FAILED',
      `${archiveName} is not a zip archive we can read: ${String((e as Error)?.message ?? e)}`,
    );
  } finally {
    zip.close();
  }
  if (!dicom) throw notDicom('the archive holds no DICOM file', archiveName);
}

/**
 * What of a Part 10 file is read first: real headers (everything before the pixel data) end far sooner
 * (the generated CT's within 2 KB), so a 500 KB slice is not read whole, copied to the header thread
 * and collected again for a few hundred bytes of header. A longer header is read in its full range.
 */
const HEAD_BYTES = 64 * 1024;

/** A Part 10 file's header range (readDicomHeader looks no further), read without the rest of the file. */
const readHeaderOfFile = async (file: string, name: string): Promise<DicomHeader> => {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const range = Math.min(size, MAX_HEADER_BYTES);
    if (range > HEAD_BYTES) {
      const head = Buffer.alloc(HEAD_BYTES);
      const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
      const header = await readDicomHeaderOfHeadOffLoop(head.subarray(0, bytesRead), name);
      if (header) return header;
    }
    const bytes = Buffer.alloc(range);
    await handle.read(bytes, 0, range, 0);
    return await readDicomHeaderOffLoop(bytes, name);
  } finally {
    await handle.close();
  }
};

/**
 * A DICOM upload on disk as its parts: a Part 10 file is one part, a zip archive its DICOM entries,
 * streamed. An entry that claims to be DICOM and cannot be read refuses the whole upload (imaging's own
 * ingest indexes entries one by one instead).
 */
export const readDicomUpload = async (
  file: string,
  contentType: string,
  name: string,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): Promise<DicomPart[]> => {
  if (contentType !== 'application/zip') return [{ name, header: await readHeaderOfFile(file, name) }];
  const parts: DicomPart[] = [];
  // Every entry is inflated whole (its real size counted and checked), but only its header range kept.
  for await (const entry of dicomArchiveEntries(file, name, limits, MAX_HEADER_BYTES)) {
    if ('failure' in entry) throw notDicom(entry.failure, entry.name);
    parts.push({
      name: entry.name.slice(name.length + 1),
      header: await readDicomHeaderOffLoop(entry.bytes, entry.name),
    });
  }
  return parts;
};
