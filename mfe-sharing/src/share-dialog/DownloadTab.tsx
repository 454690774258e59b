import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MESSAGES, type ShareDialogProps } from '@portal/contracts';
import { queryError, saveDownload } from '@portal/api';
import { toast } from '@portal/ui';
import { useDownloadIdentifierMutation } from '../sharing.api';

/**
 * The Download tab, with the disc/USB instructions (the burn-disc state has no tab of its own): the ISO
 * named from the patient's name with the DICOM images and a viewer, or a zip; both streamed by the server
 * from a short-lived identifier, saved through a hidden frame so the dialog stays and a failure is a toast.
 */
export const DownloadTab = ({ record }: Pick<ShareDialogProps, 'record'>) => {
  const [identify, state] = useDownloadIdentifierMutation();
  const download = async (kind: 'iso' | 'zip') => {
    try {
      const { url } = await identify({
        kind,
        patientRequestId: record.patientRequestId,
        studyUid: record.studyUid!,
      }).unwrap();
      saveDownload(url, (message) => toast.error(message, `download-${kind}`));
    } catch (e) {
      toast.error(queryError(e).message, `download-${kind}`);
    }
  };
  if (!record.studyUid) {
    return (
      <Typography data-testid="share-tab-download-panel">
        A report is downloaded from its record view (Download PDF).
      </Typography>
    );
  }
  return (
    <Box data-testid="share-tab-download-panel" sx={{ display: 'grid', gap: 2 }}>
      <Typography>{MESSAGES.downloadIsoInstruction}</Typography>
      <Typography>{MESSAGES.burnDiscInstruction}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          onClick={() => void download('iso')}
          disabled={state.isLoading}
          data-testid="download-iso"
        >
          Download ISO
        </Button>
        <Button
          variant="outlined"
          onClick={() => void download('zip')}
          disabled={state.isLoading}
          data-testid="download-zip"
        >
          Download ZIP
        </Button>
      </Box>
    </Box>
  );
};
