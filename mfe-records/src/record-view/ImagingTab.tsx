import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { federationName } from '@portal/contracts';
import { RemoteComponent, type ExposedModuleLoader } from '@portal/ui';

/** The exposed component of the viewer remote (mfe-viewer's `./ImagingViewer`). */
export const IMAGING_VIEWER_MODULE = `${federationName('mfe-viewer')}/ImagingViewer`;

/** Our own words: the viewer remote could not load; the report and the rest of the page still work. */
export const VIEWER_UNAVAILABLE =
  'The imaging viewer is unavailable right now. Your report and the rest of this page keep working.';

/** What the viewer remote is given. */
export interface ImagingViewerProps {
  studyInstanceUid: string;
  patientRequestId: string;
  title: string;
  /** The record's patient and facility: the viewer's header falls back to them when the DICOM carries none (anonymised files). */
  patientName?: string;
  organizationName?: string;
}

/** The Imaging tab (records spec §2.4): modality and description, then the viewer remote, loaded at run time. */
export const ImagingTab = ({
  modality,
  description,
  viewer,
  loader,
}: {
  modality: string;
  description: string;
  viewer: ImagingViewerProps;
  /** Tests replace the shell's loader. */
  loader?: ExposedModuleLoader;
}) => (
  <Box data-testid="imaging-tab">
    <Typography component="h2" variant="h6">
      {modality}
    </Typography>
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {description}
    </Typography>
    <RemoteComponent
      id={IMAGING_VIEWER_MODULE}
      props={viewer}
      fallbackText={VIEWER_UNAVAILABLE}
      testId="imaging-viewer-remote"
      loader={loader}
    />
  </Box>
);
