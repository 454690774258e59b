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

/**
 * Indexes one file in the index thread, answering its failure instead of throwing. The bytes are moved
 * to the thread and back (the caller's buffer is left empty); the answer's bytes are the file to keep.
 */
export const indexFile = async (f: NamedFile): Promise<IndexedInstance | FailedFile> => {
  const bytes = ownBytes(f.bytes);
  try {
    const indexed = await thread.run<IndexedInstance>(
      INDEX_DICOM,
      'indexDicom',
      [bytes, f.name],
      [bytes.buffer as ArrayBuffer],
    );
    return {
      ...indexed,
      bytes: Buffer.from(indexed.bytes.buffer, indexed.bytes.byteOffset, indexed.bytes.byteLength),
    };
  } catch (e) {
    const reason = (e as Error).message;
    return {
      name: f.name,
      reason: reason.startsWith(`${f.name}: `) ? reason : damagedDicom(f.name, reason).message,
    };
  }
};

/** Indexes each file on its own: a damaged one is named among the failures and the others are kept. */
export const indexFiles = async (
  files: NamedFile[],
): Promise<{ indexed: IndexedInstance[]; failed: FailedFile[] }> => {
  const indexed: IndexedInstance[] = [];
  const failed: FailedFile[] = [];
  for (const f of files) {
    const result = await indexFile(f);
    if ('reason' in result) failed.push(result);
    else indexed.push(result);
  }
  return { indexed, failed };
};
