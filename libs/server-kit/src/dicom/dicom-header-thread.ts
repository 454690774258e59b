import * as path from 'node:path';
import { AppError } from '../errors/app-error';
import { ownBytes, WorkerThread } from '../workers/worker-thread';
import { type DicomHeader, notDicom } from './dicom-header';

/**
 * A hostile Part 10 file (the magic, then hundreds of megabytes of zeros) keeps dicom-parser busy for
 * seconds; in this thread that is the thread's time, bounded by READ_TIMEOUT_MS, and never every
 * caller's. The thread's heap is bounded too: a file that would exhaust it fails alone.
 */
const READ_TIMEOUT_MS = 10_000;
const thread = new WorkerThread({
  name: 'dicom-header',
  timeoutMs: READ_TIMEOUT_MS,
  resourceLimits: { maxOldGenerationSizeMb: 512 },
});

/**
 * One of dicom-header's readers in the header thread. The bytes are moved there (the caller's buffer is
 * left empty) unless they share memory; a thread that stops (time, heap) refuses the file.
 */
const offLoop = async <T>(
  reader: 'readDicomHeader' | 'readDicomHeaderOfHead',
  bytes: Uint8Array,
  name?: string,
): Promise<T> => {
  const own = ownBytes(bytes);
  try {
    return await thread.run<T>(
      path.join(__dirname, 'dicom-header'),
      reader,
      [own, name],
      [own.buffer as ArrayBuffer],
    );
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw notDicom(`reading it stopped: ${(e as Error).message}`, name);
  }
};

/** readDicomHeader in the header thread. */
export const readDicomHeaderOffLoop = (bytes: Uint8Array, name?: string) =>
  offLoop<DicomHeader>('readDicomHeader', bytes, name);

/** readDicomHeaderOfHead in the header thread: null when the head may not hold the whole header. */
export const readDicomHeaderOfHeadOffLoop = (head: Uint8Array, name?: string) =>
  offLoop<DicomHeader | null>('readDicomHeaderOfHead', head, name);
