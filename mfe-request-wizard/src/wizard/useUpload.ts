import { useState } from 'react';
import { MESSAGES, type UploadedFileRef, type WizardUploadKind } from '@portal/contracts';
import { toast } from '@portal/ui';
import { usePostUploadMutation, useUploadFormMutation } from '../wizard.api';

/**
 * Uploads a wizard file at once (GET uploadForm?kind=, then POST to its action). On failure the
 * spec's message shows and `onFailure` runs (the step goes back).
 */
export const useUpload = (kind: WizardUploadKind, onFailure: () => void) => {
  const [getForm] = useUploadFormMutation();
  const [post] = usePostUploadMutation();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File, fileName?: string): Promise<UploadedFileRef | null> => {
    setBusy(true);
    try {
      const form = await getForm(kind).unwrap();
      return await post({ form, file, fileName: fileName ?? file.name }).unwrap();
    } catch {
      toast.error(MESSAGES.uploadFailed, `upload-${kind}`);
      onFailure();
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { upload, busy };
};
