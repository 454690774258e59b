import { type IndexedInstance, indexDicom } from './index-dicom';

/** A file that was not stored, and why (what STOW-RS answers in its failed SOP sequence, what an upload's audit names). */
export interface FailedFile {
  name: string;
  reason: string;
}

/** A named file of an upload or a STOW-RS request. */
export interface NamedFile {
  name: string;
  bytes: Buffer;
}

/** Indexes each file on its own: a damaged one is named among the failures and the others are kept. */
export const indexFiles = (files: NamedFile[]): { indexed: IndexedInstance[]; failed: FailedFile[] } => {
  const indexed: IndexedInstance[] = [];
  const failed: FailedFile[] = [];
  for (const f of files) {
    try {
      indexed.push(indexDicom(f.bytes, f.name));
    } catch (e) {
      failed.push({ name: f.name, reason: (e as Error).message });
    }
  }
  return { indexed, failed };
};
