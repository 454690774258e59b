import { cornerstoneState, firstImageDrawnAhead } from './viewer/first-image';
import { renderedFirstImage } from './viewer/rendered-first-image';
import { fetchSeriesMetadata } from './viewer/series-metadata';
import { openSeriesAhead } from './viewer/series-stream';
import { warmStreamWorker } from './viewer/stream-worker';
import { viewerApi } from './viewer/viewer.api';
import { viewerStore } from './viewer-store';

/** The study the record view shows, as the viewer will be given it. */
export interface PreloadedStudy {
  studyInstanceUid: string;
  patientRequestId?: string;
}

let warming: Promise<unknown> | null = null;
let cornerstoneWarming: Promise<void> | null = null;

/** How long Cornerstone's start waits for the page to be idle before it goes anyway. */
const CORNERSTONE_IDLE_WAIT_MS = 2000;

/** Runs `task` when the page's thread is idle (at most `timeout` later); at once where there is no such call. */
const whenIdle = (task: () => void, timeout: number): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout });
  else task();
};

/**
 * Cornerstone's chunk and start, once per page, when the page is idle after the study's warm-up. Its
 * evaluation holds the page's only thread for 0.3 to 0.9 s here: run before the first image was drawn,
 * or in the middle of the record view's own start, it made that image wait for it. An open viewer
 * starts it itself, once its first image shows (viewer/first-image.ts).
 */
const warmCornerstone = (): void =>
  whenIdle(() => {
    if (cornerstoneState.viewersOpen) return;
    cornerstoneWarming ??= import('./viewer/cornerstone')
      .then((cs) => cs.warmCornerstone())
      .catch(() => undefined);
  }, CORNERSTONE_IDLE_WAIT_MS);

/** The viewer's code, once per page. */
const warmCode = (): Promise<unknown> =>
  (warming ??= import('./ImagingViewer').catch((e: unknown) => {
    warming = null;
    throw e;
  }));

/** What the warm-up learnt of each study: the viewer token and the series the viewer opens first. */
const warmed = new Map<string, { token: string; series: string }>();

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
  if (!series) return;
  warmed.set(studyInstanceUid, { token, series });
  const instances = await fetchSeriesMetadata(studyInstanceUid, series, token);
  // A series the page cannot draw from its bytes (compressed, colour…) shows the server's picture of its
  // first image until Cornerstone has started: that picture is asked now.
  if (!firstImageDrawnAhead(instances)) await renderedFirstImage(studyInstanceUid, series, instances, token);
};

/**
 * The Imaging tab was clicked: its first series' frames are asked now, while the viewer mounts. Nothing
 * happens before the warm-up knows the token and the series (the viewer then asks them itself).
 */
export const openImaging = (studyInstanceUid: string): void => {
  const known = warmed.get(studyInstanceUid);
  if (known) openSeriesAhead(studyInstanceUid, known.series, known.token);
};

/**
 * Exposed as `./preload`: the record view calls it as soon as it shows a study, so that when the
 * Imaging tab opens the viewer's code and Cornerstone are loaded and started, and its first calls
 * answered. The frames are not fetched ahead (a record opened for its report costs no series
 * download), only the server's picture of the first image when the page cannot draw that one itself.
 * A failed warm-up costs nothing: the tab asks for what it needs itself.
 */
const preloadViewer = async (study?: PreloadedStudy): Promise<void> => {
  // The worker that will read the series' frames starts now: on a record that opens on its Imaging tab,
  // the viewer asks its frames before the warm-up below has answered.
  if (study) warmStreamWorker();
  try {
    await Promise.all([warmCode(), study ? warmStudy(study) : undefined]);
  } catch (e) {
    console.warn('[imaging-viewer] preload failed', e);
  }
  warmCornerstone();
};

export default preloadViewer;
