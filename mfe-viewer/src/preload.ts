import { fetchSeriesMetadata } from './viewer/series-metadata';
import { viewerApi } from './viewer/viewer.api';
import { viewerStore } from './viewer-store';

/** The study the record view shows, as the viewer will be given it. */
export interface PreloadedStudy {
  studyInstanceUid: string;
  patientRequestId?: string;
}

let warming: Promise<void> | null = null;

/** The viewer's code and Cornerstone (its 3 MB chunk, its start), once per page. */
const warmCode = (): Promise<void> =>
  (warming ??= Promise.all([
    import('./ImagingViewer'),
    import('./viewer/cornerstone').then((cs) => cs.warmCornerstone()),
  ]).then(
    () => undefined,
    (e: unknown) => {
      warming = null;
      throw e;
    },
  ));

/** The calls the viewer makes first, in its store: the viewer token, the study, its first series' metadata. */
const warmStudy = async ({ studyInstanceUid, patientRequestId }: PreloadedStudy): Promise<void> => {
  const store = viewerStore();
  const access = store.dispatch(viewerApi.endpoints.getViewerToken.initiate(studyInstanceUid));
  const token = (await access).data?.jwt;
  access.unsubscribe();
  if (!token) return;
  const asked = store.dispatch(
    viewerApi.endpoints.getViewerStudy.initiate({
      studyInstanceUid,
      organizationId: patientRequestId || 'self',
      token,
    }),
  );
  const series = (await asked).data?.series[0]?.series_uid;
  asked.unsubscribe();
  if (series) await fetchSeriesMetadata(studyInstanceUid, series, token);
};

/**
 * Exposed as `./preload`: the record view calls it as soon as it shows a study, so that when the
 * Imaging tab opens the viewer's code and Cornerstone are loaded and started, and its first calls
 * answered. The pixels are not fetched ahead: a record opened for its report costs no series download.
 * A failed warm-up costs nothing: the tab asks for what it needs itself.
 */
const preloadViewer = async (study?: PreloadedStudy): Promise<void> => {
  try {
    await Promise.all([warmCode(), study ? warmStudy(study) : undefined]);
  } catch (e) {
    console.warn('[imaging-viewer] preload failed', e);
  }
};

export default preloadViewer;
