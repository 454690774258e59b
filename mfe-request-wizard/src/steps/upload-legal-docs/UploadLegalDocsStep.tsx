import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { MESSAGES, WIZARD_UPLOADS, type UploadedFileRef } from '@portal/contracts';
import { FilePicker, hasExtension } from '@portal/ui';
import { StepLayout, useStepNav } from '../../wizard/StepLayout';
import { useUpload } from '../../wizard/useUpload';
import { useWizard } from '../../wizard/WizardContext';

const RULES = WIZARD_UPLOADS.legal_doc;

/** Legal documents: PDF only, several allowed. */
export const legalDocsError = (files: File[]): string | null =>
  files.some((f) => !hasExtension(f, RULES.extensions) || (f.type && f.type !== 'application/pdf'))
    ? MESSAGES.onlyPdf
    : null;

export const UploadLegalDocsStep = () => {
  const { state, dispatch } = useWizard();
  const { goNext, goBack } = useStepNav('upload-legal-docs');
  const { upload, busy } = useUpload('legal_doc', goBack);
  const [error, setError] = useState<string | null>(null);
  const pick = async (files: File[]) => {
    const problem = legalDocsError(files);
    setError(problem);
    if (problem || !files.length) return;
    const refs: UploadedFileRef[] = [];
    for (const f of files) {
      const ref = await upload(f);
      if (!ref) return;
      refs.push(ref);
    }
    dispatch({ type: 'update', patch: { legalDocs: [...state.legalDocs, ...refs] } });
  };
  const next = () => {
    if (!state.legalDocs.length) return setError(MESSAGES.legalDocsRequired);
    void goNext();
  };
  return (
    <StepLayout step="upload-legal-docs" title="Upload legal documents" onNext={next} busy={busy}>
      <Typography sx={{ mb: 2 }}>
        The documents that authorise you to request these records (PDF only; you may add several).
      </Typography>
      <FilePicker
        testId="legal-docs-input"
        label="Drop your PDF documents here"
        accept=".pdf,application/pdf"
        multiple
        onFiles={(f) => void pick(f)}
        disabled={busy}
        error={error ?? undefined}
      />
      <List dense data-testid="legal-docs-list">
        {state.legalDocs.map((d, i) => (
          <ListItem
            key={d.s3_path}
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={`Remove ${d.file_name}`}
                onClick={() =>
                  dispatch({
                    type: 'update',
                    patch: { legalDocs: state.legalDocs.filter((_, j) => j !== i) },
                  })
                }
              >
                ×
              </IconButton>
            }
          >
            <ListItemText primary={d.file_name} />
          </ListItem>
        ))}
      </List>
    </StepLayout>
  );
};
export default UploadLegalDocsStep;
