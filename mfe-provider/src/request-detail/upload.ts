import {
  PROVIDER_UPLOADS,
  type AddDocumentsResult,
  type ProviderUploadFile,
  type UploadedDocument,
} from '@portal/contracts';
import type { UploadForm } from '@portal/api';
import { batches } from './batching';
import type { PickedFile } from './folder-reading';

/** The calls one upload makes; the screen passes the real ones, the spec its own. */
export interface UploadSteps {
  /** POST generateS3PresignedURL for one batch: one form per file, in order. */
  forms: (files: ProviderUploadFile[]) => Promise<UploadForm[]>;
  /** POST the file to the form's action: its inputs first, then `file`. */
  send: (form: UploadForm, file: File) => Promise<void>;
  /** POST addDocuments with the batch's sent files. */
  keep: (docs: UploadedDocument[]) => Promise<AddDocumentsResult>;
  /** After each file is done with (sent or failed). */
  progress: (done: number, total: number) => void;
  /** A file that did not make it: its post failed or the context refused it, with the server's reason when it gave one. */
  failed: (fileName: string, reason?: string) => void;
}

/** The server's words for a failed call (its error body's message), or nothing for a failure that is not the server's answer. */
export const reasonOf = (e: unknown): string | undefined => {
  const answer = e as { status?: unknown; message?: unknown } | null;
  return typeof answer === 'object' &&
    answer !== null &&
    typeof answer.status === 'number' &&
    typeof answer.message === 'string' &&
    answer.message.trim()
    ? answer.message
    : undefined;
};

export interface UploadOutcome {
  kept: number;
  failed: string[];
}

/**
 * Uploads picked files in batches of 20: forms for the batch, each file posted to its form, then the
 * batch's sent files handed to addDocuments, which checks each by content. Nothing waits that need not:
 * the next batch's forms are asked while this batch goes up (a round trip per batch, 15 of them for a
 * 300-file CD), and the check of a batch runs while the next batch goes up (the checks stay one at a
 * time, in order), so the server's reading of DICOM headers does not stall the wire. A failure costs
 * only the files it touches; the next batch still goes.
 */
export const runUpload = async (
  picked: readonly PickedFile[],
  steps: UploadSteps,
): Promise<UploadOutcome> => {
  const total = picked.length;
  let done = 0;
  let kept = 0;
  const failed: string[] = [];
  const fail = (name: string, reason?: string) => {
    failed.push(name);
    steps.failed(name, reason);
  };
  let checks: Promise<void> = Promise.resolve();
  const all = batches(picked);
  /** The forms of batch `b` (none past the last), or none with the server's reason; never rejects. */
  const formsAt = (b: number): Promise<{ forms: UploadForm[]; formsRefused?: string }> =>
    b >= all.length
      ? Promise.resolve({ forms: [] })
      : steps.forms(all[b].map(({ file }) => ({ fileName: file.name, size: file.size }))).then(
          (forms) => ({ forms }),
          (e: unknown) => ({ forms: [], formsRefused: reasonOf(e) }),
        );
  let ahead = formsAt(0);
  for (const [b, batch] of all.entries()) {
    const { forms, formsRefused } = await ahead;
    ahead = formsAt(b + 1);
    const sent = await Promise.all(
      batch.map(async ({ file, path }, i): Promise<UploadedDocument | null> => {
        const form = forms[i];
        try {
          if (!form) {
            fail(file.name, formsRefused);
            return null;
          }
          await steps.send(form, file);
          return { key: form.key, file_name: file.name, path };
        } catch (e) {
          fail(file.name, reasonOf(e));
          return null;
        } finally {
          done += 1;
          steps.progress(done, total);
        }
      }),
    );
    const docs = sent.filter((d): d is UploadedDocument => d !== null);
    if (docs.length === 0) continue;
    checks = checks.then(() =>
      steps.keep(docs).then(
        (result) => {
          kept += result.documents.length;
          result.refused.forEach((r) => fail(r.file_name, r.message));
        },
        (e: unknown) => docs.forEach((d) => fail(d.file_name, reasonOf(e))),
      ),
    );
  }
  await checks;
  return { kept, failed };
};

/** The upload rules of a record type (PROVIDER_UPLOADS); an unknown type takes the rules of OTHERS. */
const rulesOf = (mnemonic: string) =>
  PROVIDER_UPLOADS[mnemonic as keyof typeof PROVIDER_UPLOADS] ?? PROVIDER_UPLOADS.OTHERS;

/** Imaging takes whole folders (a DICOM series); reports and other documents come file by file. */
export const takesFolders = (mnemonic: string): boolean =>
  mnemonic === 'IMAGES' || mnemonic === 'IMAGES_ONLY';

/** The picker's accept list; none for imaging, whose DICOM files often have no extension at all. */
export const acceptOf = (mnemonic: string): string | undefined => {
  const ext: readonly string[] = rulesOf(mnemonic).extensions;
  return ext.includes('') ? undefined : ext.map((e) => `.${e}`).join(',');
};

/**
 * Files the context would refuse whatever their content (empty, or over the type's size limit) are
 * not sent at all; the content itself is checked by the context.
 */
export const screenFiles = (
  picked: readonly PickedFile[],
  mnemonic: string,
): { send: PickedFile[]; refused: Array<PickedFile & { reason: string }> } => {
  const max = rulesOf(mnemonic).maxBytes;
  const send: PickedFile[] = [];
  const refused: Array<PickedFile & { reason: string }> = [];
  for (const p of picked) {
    // The context's own words for these (the upload form schema, the blob store's size rule).
    if (p.file.size === 0) refused.push({ ...p, reason: 'The file is empty' });
    else if (p.file.size > max) refused.push({ ...p, reason: `File is larger than ${max} bytes` });
    else send.push(p);
  }
  return { send, refused };
};
