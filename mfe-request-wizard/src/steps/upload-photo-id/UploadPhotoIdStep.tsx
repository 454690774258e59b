import { useState } from 'react';
import Typography from '@mui/material/Typography';
import { GOVT_ID_FILE_NAME, MESSAGES, WIZARD_UPLOADS } from '@portal/contracts';
import { FilePicker, hasExtension } from '@portal/ui';
import { StepLayout, useStepNav } from '../../wizard/StepLayout';
import { useUpload } from '../../wizard/useUpload';
import { useWizard } from '../../wizard/WizardContext';

const RULES = WIZARD_UPLOADS.govt_id;

/** The photo ID: one png, jpg, jpeg or webp image, stored as govt_id. */
export const photoIdError = (files: File[]): string | null => {
  if (files.length !== 1) return MESSAGES.photoIdRequired;
  const [file] = files;
  if (
    !hasExtension(file, RULES.extensions) ||
    (file.type && !(RULES.contentTypes as readonly string[]).includes(file.type))
  )
    return MESSAGES.onlyImages;
  return null;
};

export const UploadPhotoIdStep = () => {
  const { state, dispatch } = useWizard();
  const { goNext, goBack } = useStepNav('upload-photo-id');
  const { upload, busy } = useUpload('govt_id', goBack);
  const [error, setError] = useState<string | null>(null);
  const pick = async (files: File[]) => {
    const problem = photoIdError(files);
    setError(problem);
    if (problem) return;
    const ext = files[0].name.split('.').pop()?.toLowerCase();
    const ref = await upload(files[0], `${GOVT_ID_FILE_NAME}.${ext}`);
    if (ref) dispatch({ type: 'update', patch: { idProofImage: ref } });
  };
  const next = () => {
    if (!state.idProofImage) return setError(MESSAGES.photoIdRequired);
    void goNext();
  };
  return (
    <StepLayout step="upload-photo-id" title="Upload a photo ID" onNext={next} busy={busy}>
      <Typography sx={{ mb: 2 }}>
        A photo of a government-issued ID (driver&apos;s licence, passport), as a png, jpg, jpeg or webp
        image.
      </Typography>
      <FilePicker
        testId="photo-id-input"
        label="Drop your photo ID here"
        accept={RULES.extensions.map((e) => `.${e}`).join(',')}
        onFiles={(f) => void pick(f)}
        disabled={busy}
        error={error ?? undefined}
      />
      {state.idProofImage ? (
        <Typography data-testid="photo-id-uploaded" color="success.main">
          Uploaded: {state.idProofImage.file_name}
        </Typography>
      ) : null}
    </StepLayout>
  );
};
export default UploadPhotoIdStep;
