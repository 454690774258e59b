import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { federationName } from '@portal/contracts';
import { loadRemoteModule } from '@portal/session';
import { RemoteComponent, type ExposedModuleLoader } from '@portal/ui';
import type { PriorStudy } from './record-view.rules';

/** The exposed component of the viewer remote (mfe-viewer's `./ImagingViewer`). */
export const IMAGING_VIEWER_MODULE = `${federationName('mfe-viewer')}/ImagingViewer`;

/** The viewer remote's warm-up (mfe-viewer's `./preload`): its code and Cornerstone, before the tab opens. */
export const IMAGING_VIEWER_PRELOAD = `${federationName('mfe-viewer')}/preload`;

/** What the viewer remote's `./preload` exposes: the warm-up, and the opening of the tab's first series. */
interface ViewerPreload {
  default?: (study: object) => Promise<void>;
  openImaging?: (studyInstanceUid: string) => void;
}

/** The preload module once loaded: the tab's click must reach it at once, before React draws the tab. */
let loadedPreload: ViewerPreload | null = null;

/**
 * Warms the viewer while the record view shows a study (its code, Cornerstone, the viewer token, the
 * study and its first series' metadata), so the Imaging tab draws at once when opened. A remote that
 * cannot load is the tab's business (it says so); the warm-up fails silently.
 */
export const usePreloadViewer = (
  study: { studyInstanceUid: string; patientRequestId: string } | null,
  loader: ExposedModuleLoader = loadRemoteModule,
): void => {
  const studyInstanceUid = study?.studyInstanceUid;
  const patientRequestId = study?.patientRequestId;
  useEffect(() => {
    if (!studyInstanceUid) return;
    void Promise.resolve()
      .then(() => loader(IMAGING_VIEWER_PRELOAD))
      .then((mod) => {
        const preload = (mod ?? {}) as ViewerPreload;
        if (typeof preload.default !== 'function') return undefined;
        loadedPreload = preload;
        return preload.default({ studyInstanceUid, patientRequestId });
      })
      .catch(() => undefined);
  }, [studyInstanceUid, patientRequestId, loader]);
};

/**
 * The Imaging tab was clicked: the viewer asks its first series' frames now, while React draws the tab
 * (a no-op before the warm-up has loaded the viewer remote).
 */
export const openImagingAhead = (studyInstanceUid: string): void => {
  if (typeof loadedPreload?.openImaging === 'function') loadedPreload.openImaging(studyInstanceUid);
};

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
  /** The person's other studies, offered side by side as priors. */
  compareWith?: PriorStudy[];
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
