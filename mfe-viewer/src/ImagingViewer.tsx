import { memo, useEffect } from 'react';
import { Provider } from 'react-redux';
import { DEFAULT_IMAGE_INTERVAL_MS, MESSAGES, type ImageInterval } from '@portal/contracts';
import { getPurgedImages, setPurgedImages } from '@portal/session';
import { viewerStore } from './viewer-store';
import {
  useGetImageIntervalQuery,
  useGetViewerStudyQuery,
  useGetViewerTokenQuery,
} from './viewer/viewer.api';
import { cornerstoneState } from './viewer/first-image';
import { StudyViewer, ViewerFrame } from './viewer/StudyViewer';
import type { CompareStudy } from './viewer/compare';
import { ViewerMessage } from './viewer/ViewerParts';

export interface ImagingViewerProps {
  studyInstanceUid: string;
  /** The organization the study came through ('self' for the patient's own uploads); the server decides access by the token alone. */
  patientRequestId?: string;
  title?: string;
  /** A viewer token already held (the public page's); without it the portal's session asks for one. */
  token?: string;
  organizationName?: string;
  /** The record's patient name, shown when the study's DICOM carries none (anonymised files). */
  patientName?: string;
  /** Other studies that may be shown side by side (the public link's others, a prior). */
  compareWith?: CompareStudy[];
}

/** The server's play interval once it answered with a usable one; 40 ms until then (records spec §9). */
export const playInterval = (answer: ImageInterval | undefined): number =>
  answer && Number.isFinite(answer.value) && answer.value > 0 ? answer.value : DEFAULT_IMAGE_INTERVAL_MS;

/** Remembers a study whose images are being fetched (records spec §4: the purged-images list). */
const rememberPurged = (studyInstanceUid: string) => {
  const purged = getPurgedImages();
  if (!purged.includes(studyInstanceUid)) setPurgedImages([...purged, studyInstanceUid]);
};

const Viewer = ({
  studyInstanceUid,
  patientRequestId,
  title = '',
  token: given,
  organizationName,
  patientName,
  compareWith,
}: ImagingViewerProps) => {
  const access = useGetViewerTokenQuery(studyInstanceUid, { skip: Boolean(given) });
  const token = given ?? access.data?.jwt ?? null;
  const unavailable = !given && access.data?.study_available === false;
  const study = useGetViewerStudyQuery(
    { studyInstanceUid, organizationId: patientRequestId || 'self', token: token ?? '' },
    { skip: !token || unavailable },
  );
  const interval = useGetImageIntervalQuery();
  const intervalMs = playInterval(interval.data);

  // Counted from the tab's opening, before its token and series are known: the preload leaves Cornerstone to it.
  useEffect(() => {
    cornerstoneState.viewersOpen += 1;
    return () => {
      cornerstoneState.viewersOpen -= 1;
    };
  }, []);

  useEffect(() => {
    if (unavailable) rememberPurged(studyInstanceUid);
  }, [unavailable, studyInstanceUid]);

  if (unavailable) {
    return (
      <ViewerFrame state="fetching" label={title}>
        <ViewerMessage text={MESSAGES.imageBeingFetched} />
      </ViewerFrame>
    );
  }
  if (access.isError || study.isError || (access.isSuccess && !token)) {
    return (
      <ViewerFrame state="error" label={title}>
        <ViewerMessage tone="error" text={MESSAGES.errorFetchingImages} />
      </ViewerFrame>
    );
  }
  if (!study.data || !token) {
    return (
      <ViewerFrame state="loading" label={title}>
        <ViewerMessage text="Loading images" />
      </ViewerFrame>
    );
  }
  const hasImages = study.data.series.some((s) => s.instances.length > 0);
  if (!hasImages) {
    return (
      <ViewerFrame state="empty" label={title}>
        <ViewerMessage text={MESSAGES.noPreview} />
      </ViewerFrame>
    );
  }
  return (
    <StudyViewer
      key={studyInstanceUid}
      study={study.data}
      token={token}
      intervalMs={intervalMs}
      organizationName={organizationName}
      patientName={patientName}
      title={title}
      organizationId={patientRequestId || 'self'}
      compareWith={compareWith}
    />
  );
};

/**
 * The imaging viewer (records spec §2.4, §2.7, §4), exposed as `./ImagingViewer` for the record view's
 * Imaging tab and used by the public page. It brings its own store (the remote that loads it has its own),
 * one for the page, which the record view's preload fills ahead.
 */
const ImagingViewer = (props: ImagingViewerProps) => {
  return (
    <Provider store={viewerStore()}>
      <Viewer {...props} />
    </Provider>
  );
};

// Drawn again only when its props change: the host's own renders (the record view's other calls
// answering while the first image loads) cost the viewer nothing.
export default memo(ImagingViewer);
