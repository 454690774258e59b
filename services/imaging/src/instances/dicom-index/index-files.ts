import { type IndexedInstance, indexDicom, type InstanceAttributes } from './index-dicom';

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

/** Lets other callers' work run between two files: a batch of hundreds never holds the event loop whole. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Indexes one file, answering its failure instead of throwing. */
export const indexFile = (f: NamedFile): IndexedInstance | FailedFile => {
  try {
    return indexDicom(f.bytes, f.name);
  } catch (e) {
    return { name: f.name, reason: (e as Error).message };
  }
};

/** Indexes each file on its own: a damaged one is named among the failures and the others are kept. */
export const indexFiles = async (files: NamedFile[]): Promise<{ indexed: IndexedInstance[]; failed: FailedFile[] }> => {
  const indexed: IndexedInstance[] = [];
  const failed: FailedFile[] = [];
  for (const f of files) {
    const result = indexFile(f);
    if ('reason' in result) failed.push(result);
    else indexed.push(result);
    await yieldToEventLoop();
  }
  return { indexed, failed };
};
