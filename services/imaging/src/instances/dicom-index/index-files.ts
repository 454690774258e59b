import * as path from 'node:path';
import { ownBytes, WorkerThread } from '@portal/server-kit';
import { damagedDicom } from '../../imaging.errors';
import type { IndexedInstance, InstanceAttributes } from './index-dicom';

/** A file that was not stored, and why (what STOW-RS answers in its failed SOP sequence, what an upload's audit names). */
export interface FailedFile {
  name: string;
  reason: string;
  /** The instance, when the file was read and refused for another reason than its content. */
  instance?: Pick<InstanceAttributes, 'sopClassUid' | 'sopInstanceUid'>;
  /** Refused for want of room (the storage quota), not for what it holds. */
  outOfResources?: boolean;
}

/** A named file of an upload or a STOW-RS request. */
export interface NamedFile {
  name: string;
  bytes: Buffer;
}

/** A file whose parse takes longer than this (a hostile one: real ones take milliseconds) fails alone. */
const INDEX_TIMEOUT_MS = 20_000;
/**
 * indexDicom runs in this thread: what a file holds (a Part 10 magic, then gigabytes of elements) costs
 * the thread's time and heap, never the event loop every caller shares.
 */
const thread = new WorkerThread({
  name: 'dicom-index',
  timeoutMs: INDEX_TIMEOUT_MS,
  resourceLimits: { maxOldGenerationSizeMb: 1024 },
});
const INDEX_DICOM = path.join(__dirname, 'index-dicom');

/** A file's failure as the caller names it: the thread's reason when it names the file, else "damaged". */
const failure = (name: string, reason: string): FailedFile => ({
  name,
  reason: reason.startsWith(`${name}: `) ? reason : damagedDicom(name, reason).message,
});

/** The answer's bytes as a Buffer (the thread answers a plain Uint8Array). */
const kept = (indexed: IndexedInstance): IndexedInstance => ({
  ...indexed,
  bytes: Buffer.from(indexed.bytes.buffer, indexed.bytes.byteOffset, indexed.bytes.byteLength),
});

/**
 * Indexes one file in the index thread, answering its failure instead of throwing. The bytes are moved
 * to the thread and back (the caller's buffer is left empty); the answer's bytes are the file to keep.
 */
export const indexFile = async (f: NamedFile): Promise<IndexedInstance | FailedFile> => {
  const bytes = ownBytes(f.bytes);
  try {
    return kept(
      await thread.run<IndexedInstance>(
        INDEX_DICOM,
        'indexDicom',
        [bytes, f.name],
        [bytes.buffer as ArrayBuffer],
      ),
    );
  } catch (e) {
    return failure(f.name, (e as Error).message);
  }
};

/** Files indexed in one task of the thread: one round trip for a STOW-RS request's parts, not one per part. */
const FILES_PER_TASK = 16;

/** Bytes in shared memory (a STOW-RS body, readStowBody): the thread reads them where they are. */
const isShared = (bytes: Uint8Array): boolean => bytes.buffer instanceof SharedArrayBuffer;

/**
 * Indexes each file on its own: a damaged one is named among the failures and the others are kept.
 * Files go to the thread in batches, as copies, or as they are when they are in shared memory (the
 * callers' buffers stay whole either way): when the thread fails a batch as a whole (a file past its
 * time or its heap), each file of it is indexed alone, so the one to blame fails alone.
 */
export const indexFiles = async (
  files: NamedFile[],
): Promise<{ indexed: IndexedInstance[]; failed: FailedFile[] }> => {
  const indexed: IndexedInstance[] = [];
  const failed: FailedFile[] = [];
  for (let i = 0; i < files.length; i += FILES_PER_TASK) {
    const batch = files.slice(i, i + FILES_PER_TASK);
    const inputs = batch.map((f) => (isShared(f.bytes) ? f.bytes : new Uint8Array(f.bytes)));
    const results = await thread
      .run<Array<IndexedInstance | FailedFile>>(
        INDEX_DICOM,
        'indexDicomFiles',
        [inputs, batch.map((f) => f.name)],
        inputs.filter((c) => !isShared(c)).map((c) => c.buffer as ArrayBuffer),
      )
      .then(
        (answers) => answers.map((a) => ('reason' in a ? failure(a.name, a.reason) : kept(a))),
        () => Promise.all(batch.map(indexFile)),
      );
    for (const result of results) {
      if ('reason' in result) failed.push(result);
      else indexed.push(result);
    }
  }
  return { indexed, failed };
};
