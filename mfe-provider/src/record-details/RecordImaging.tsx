import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES, federationName } from '@portal/contracts';
import { queryError } from '@portal/api';
import { RemoteComponent, type ExposedModuleLoader } from '@portal/ui';
import { useGetRecordViewerTokenQuery } from './record-details.api';

/** The exposed component of the viewer remote (mfe-viewer's `./ImagingViewer`). */
export const IMAGING_VIEWER_MODULE = `${federationName('mfe-viewer')}/ImagingViewer`;
/** Our own words: the viewer remote could not load; the report and the rest of this page still work. */
export const VIEWER_UNAVAILABLE =
  'The imaging viewer is unavailable right now. The report and the rest of this page keep working.';

/** What the viewer remote is given: the facility's token for the study, so it asks for none itself. */
interface ViewerProps {
  studyInstanceUid: string;
  patientRequestId: string;
  title: string;
  token: string;
  patientName: string;
  organizationName: string;
}

export interface RecordImagingProps {
  recordId: string;
  study: { study_uid: string; modality: string | null; description: string | null };
  patientRequestId: string;
  patientName: string;
  organizationName: string;
  /** Tests replace the shell's loader. */
  loader?: ExposedModuleLoader;
}

/** The Imaging tab of a delivered study: modality and description, then the viewer remote with a token for this delivery. */
export const RecordImaging = ({
  recordId,
  study,
  patientRequestId,
  patientName,
  organizationName,
  loader,
}: RecordImagingProps) => {
  const access = useGetRecordViewerTokenQuery(recordId);
  const title = [study.modality, study.description].filter(Boolean).join(' ');
  return (
    <Box data-testid="imaging-tab">
      <Typography component="h2" variant="h6">
        {study.modality ?? 'Imaging'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {study.description}
      </Typography>
      {access.isLoading ? <LinearProgress aria-label="Loading images" /> : null}
      {access.error ? (
        <Alert severity="error" data-testid="imaging-error">
          {queryError(access.error).message || MESSAGES.errorFetchingImages}
        </Alert>
      ) : null}
      {access.data?.jwt ? (
        <RemoteComponent<ViewerProps>
          id={IMAGING_VIEWER_MODULE}
          props={{
            studyInstanceUid: study.study_uid,
            patientRequestId,
            title,
            token: access.data.jwt,
            patientName,
            organizationName,
          }}
          fallbackText={VIEWER_UNAVAILABLE}
          testId="imaging-viewer-remote"
          loader={loader}
        />
      ) : null}
    </Box>
  );
};
