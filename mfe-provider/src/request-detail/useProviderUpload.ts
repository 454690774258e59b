import { useState } from 'react';
import { failedToUpload } from '@portal/contracts';
import { toast } from '@portal/ui';
import type { PickedFile } from './folder-reading';
import { useAddDocumentsMutation, usePostFileMutation, useUploadFormsMutation } from './request-detail.api';
import { runUpload, screenFiles } from './upload';

export interface UploadProgress {
  done: number;
  total: number;
}

/**
 * Uploads picked files to one document request: the batched flow of upload.ts with the real calls,
 * a red 'Failed to upload {file}' per file that did not make it, with the server's reason, then `onDone` (refresh the list).
 */
export const useProviderUpload = (
  patientRequestId: string,
  documentRequestId: string,
  mnemonic: string,
  onDone: () => void,
) => {
  const [getForms] = useUploadFormsMutation();
  const [addDocuments] = useAddDocumentsMutation();
  const [postFile] = usePostFileMutation();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const upload = async (picked: PickedFile[]) => {
    const { send, refused } = screenFiles(picked, mnemonic);
    refused.forEach((p) => toast.error(failedToUpload(p.file.name, p.reason)));
    if (send.length === 0) return;
    const ref = { patientRequestId, documentRequestId };
    setProgress({ done: 0, total: send.length });
    try {
      await runUpload(send, {
        forms: async (files) => (await getForms({ ...ref, files }).unwrap()).forms,
        send: async (form, file) => void (await postFile({ form, file }).unwrap()),
        keep: (uploadedDocuments) => addDocuments({ ...ref, uploadedDocuments }).unwrap(),
        progress: (done, total) => setProgress({ done, total }),
        failed: (name, reason) => toast.error(failedToUpload(name, reason)),
      });
    } finally {
      setProgress(null);
      onDone();
    }
  };
  return { upload, progress, busy: progress !== null };
};
