import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MESSAGES, type ImagingStudy } from '@portal/contracts';
import { AnnotationsPanel } from './AnnotationsPanel';
import { frameImageId } from './frame-image-id';
import { useStudyAnnotations } from './use-study-annotations';
import { compareChoices, type CompareStudy } from './compare';
import { ComparePane } from './ComparePane';
import type { CutDisplays } from './MprView';
import { useMprAvailable } from './mpr/use-mpr-available';
import type { StackDisplay } from './cornerstone/stack-display';
import { arrowKeyAction, canNext, canPlay, canPrev, usePlayer } from './player';
import { useStackDisplay } from './use-stack-display';
import { SeriesStrip } from './SeriesStrip';
import {
  VIEWPORT_SX,
  ViewerHeader,
  ViewerMessage,
  ViewerProgress,
  ViewerToolbar,
  ViewportError,
  type HeaderFacts,
} from './ViewerParts';
import type { WindowPresetName } from './window-presets';

/** MPR is its own chunk (viewer-mpr), fetched once the series has loaded, never before the first image. */
const MprView = lazy(() => import(/* webpackChunkName: "viewer-mpr" */ './MprView'));

export type ViewerState = 'loading' | 'ready' | 'error' | 'empty' | 'fetching';

export interface StudyViewerProps {
  study: ImagingStudy;
  token: string;
  intervalMs: number;
  organizationName?: string;
  /**
   * The record's patient (who the portal knows the study belongs to): shown in place of the name inside
   * the DICOM, which is often 'Anonymized' or a facility's spelling; the DICOM's name only without it.
   */
  patientName?: string;
  /** What the viewer is named for assistive technology (the record's title). */
  title: string;
  /** What the study is read through ('self' for the patient's own uploads): its other series read so too. */
  organizationId: string;
  /** Other studies that may be shown side by side with this one (a prior, the link's other studies). */
  compareWith?: CompareStudy[];
}

/** The title line (records spec §2.4): patient name (the record's, else the study's), date and instance count. */
export const titleLine = (study: ImagingStudy, patientName = ''): string =>
  [
    patientName || [study.patient_first_name, study.patient_last_name].filter(Boolean).join(' '),
    study.study_date,
    `${study.total_instances} ${study.total_instances === 1 ? 'instance' : 'instances'}`,
  ]
    .filter(Boolean)
    .join(' \u00B7 ');

/** The viewer root every state shares, with the attributes the benchmark and the tests read. */
export const ViewerFrame = ({
  state,
  loaded = 0,
  total = 0,
  label,
  children,
}: {
  state: ViewerState;
  loaded?: number;
  total?: number;
  label?: string;
  children: React.ReactNode;
}) => (
  <Box
    component="section"
    aria-label={label || 'Imaging viewer'}
    data-testid="imaging-viewer"
    data-state={state}
    data-loaded={loaded}
    data-total={total}
    sx={{ bgcolor: 'grey.900', color: 'grey.100', borderRadius: 1, overflow: 'hidden' }}
  >
    {children}
  </Box>
);

/** One study: header, series strip, the viewport with its player, progress and title line. */
export const StudyViewer = ({
  study,
  token,
  intervalMs,
  organizationName,
  patientName,
  title,
  organizationId,
  compareWith = [],
}: StudyViewerProps) => {
  const [seriesUid, setSeriesUid] = useState<string | null>(study.series[0]?.series_uid ?? null);
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [preset, setPreset] = useState<WindowPresetName>('default');
  const [shownByViewport, setShownByViewport] = useState<number | null>(null);
  const { load, display } = useStackDisplay(element, study.study_uid, seriesUid, token, setShownByViewport);
  const { state: player, act } = usePlayer(load.phase === 'ready' ? load.usable : 0, intervalMs);
  const notes = useStudyAnnotations(study.study_uid, token, load.phase === 'ready' ? display : null);
  const choices = compareChoices(study, seriesUid, organizationId, token, compareWith);
  const [compareKey, setCompareKey] = useState('');
  const compare = choices.find((c) => c.key === compareKey) ?? null;
  const [compared, setCompared] = useState<StackDisplay | null>(null);
  const [mprOn, setMprOn] = useState(false);
  const [crosshairs, setCrosshairs] = useState(true);
  const show = useCallback((index: number) => act({ type: 'show', index }), [act]);
  const mprAvailable = useMprAvailable(display, Boolean(load.complete));
  const mprShown = mprOn && mprAvailable && display !== null;
  const [lead, setLead] = useState<HTMLDivElement | null>(null);
  const [cuts, setCuts] = useState<CutDisplays>([null, null]);
  /** The viewports shown beside the leading one, windowed with it and given the same presets. */
  const others = useMemo(
    () => [compared, ...cuts].filter((d): d is StackDisplay => d !== null),
    [compared, cuts],
  );

  useEffect(
    () => (display && others.length ? display.syncWindowWith(...others) : undefined),
    [display, others],
  );

  useEffect(() => {
    if (shownByViewport !== null) act({ type: 'show', index: shownByViewport });
  }, [shownByViewport, act]);
  useEffect(() => {
    void display?.showImage(player.index);
  }, [display, player.index]);
  useEffect(() => {
    setPreset('default');
    setMprOn(false);
  }, [seriesUid]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = arrowKeyAction(e);
      if (!action) return;
      e.preventDefault();
      act(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [act]);

  const series = study.series.find((s) => s.series_uid === seriesUid);
  const facts: HeaderFacts = {
    modality: series?.modality || study.modality,
    description: study.study_description,
    // The record's patient name, whole, when the portal knows it; else the study's Last, First.
    patientLastName: patientName || study.patient_last_name,
    patientFirstName: patientName ? '' : study.patient_first_name,
    organizationName,
    date: study.study_date,
  };

  if (load.phase === 'errorFetching') {
    return (
      <ViewerFrame state="error" label={title}>
        <ViewerMessage tone="error" text={MESSAGES.errorFetchingImages} />
      </ViewerFrame>
    );
  }
  const state: ViewerState = load.phase === 'errorLoading' ? 'error' : load.phase;
  return (
    <ViewerFrame state={state} loaded={load.loaded} total={load.total} label={title}>
      <ViewerHeader facts={facts} />
      <SeriesStrip
        study={study.study_uid}
        series={study.series}
        token={token}
        selected={seriesUid}
        onSelect={setSeriesUid}
      />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: compare ? '1fr 1fr' : mprShown ? '2fr 1fr' : '1fr' },
          gap: compare || mprShown ? 0.5 : 0,
        }}
      >
        <Box
          role="img"
          aria-label={`Image ${player.index + 1} of ${player.total}`}
          ref={setLead}
          sx={{ position: 'relative', minWidth: 0, gridRow: mprShown ? { sm: 'span 2' } : undefined }}
        >
          <Box
            ref={setElement}
            data-testid="viewer-viewport"
            data-tool={notes.activeTool ?? 'WindowLevel'}
            onContextMenu={(e) => e.preventDefault()}
            sx={VIEWPORT_SX}
          />
          {load.phase === 'errorLoading' && <ViewportError text={MESSAGES.errorLoadingImages} />}
        </Box>
        {mprShown && display && lead && (
          <Suspense fallback={null}>
            <MprView
              display={display}
              lead={lead}
              shownIndex={player.index}
              show={show}
              crosshairs={crosshairs}
              onCuts={setCuts}
            />
          </Suspense>
        )}
        {compare && (
          <ComparePane
            key={compare.key}
            choice={compare}
            leadIndex={player.index}
            leadTotal={player.total}
            onScrolled={(index) => act({ type: 'show', index })}
            onDisplay={setCompared}
          />
        )}
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          px: 1,
          py: 0.5,
        }}
      >
        <ViewerToolbar
          canPrev={canPrev(player)}
          canNext={canNext(player)}
          canPlay={canPlay(player)}
          playing={player.playing}
          preset={preset}
          onPrev={() => act({ type: 'prev' })}
          onNext={() => act({ type: 'next' })}
          onPlay={() => act({ type: 'play' })}
          onPause={() => act({ type: 'pause' })}
          onStop={() => act({ type: 'stop' })}
          onReset={() => {
            setPreset('default');
            [display, ...others].forEach((d) => d?.reset());
          }}
          // Every viewport told, not left to the window synchronizer: the file's own window (default,
          // Reset) is a reset of properties, not a window change it is sure to follow.
          onPreset={(p) => {
            setPreset(p);
            [display, ...others].forEach((d) => d?.setPreset(p));
          }}
        />
        <Typography data-testid="viewer-frame" variant="body2" aria-live="off">
          {player.total ? `${player.index + 1} / ${player.total}` : '0 / 0'}
        </Typography>
        <ViewerProgress loaded={load.loaded} total={load.total} />
      </Box>
      <AnnotationsPanel
        ready={notes.ready}
        compareChoices={choices}
        compareKey={compare?.key ?? ''}
        onCompare={(key) => {
          setCompareKey(key);
          if (key) setMprOn(false);
        }}
        mpr={{
          available: mprAvailable,
          on: mprShown,
          crosshairs,
          onToggle: () => {
            setMprOn(!mprOn);
            setCompareKey('');
          },
          onCrosshairs: () => setCrosshairs(!crosshairs),
        }}
        tool={notes.tool}
        toolLoading={notes.tool !== notes.activeTool}
        onTool={notes.setTool}
        canWrite={notes.canWrite}
        shownIsKey={notes.shownIsKey(display?.currentImageId())}
        onToggleKey={notes.toggleKeyImage}
        keyImages={notes.keyImages.map((k) => {
          const index =
            k.seriesUid === seriesUid ? (display?.indexOf(frameImageId(study.study_uid, k)) ?? -1) : -1;
          const number = study.series.findIndex((s) => s.series_uid === k.seriesUid) + 1;
          return {
            id: `${k.sopInstanceUid}/${k.frame}`,
            label: index >= 0 ? `Image ${index + 1}` : `Series ${number}`,
            onShow: () => (index >= 0 ? act({ type: 'show', index }) : setSeriesUid(k.seriesUid)),
          };
        })}
        measurements={notes.measurements.map((m) => ({
          id: m.id,
          text: m.label ? `${m.text} (${m.label})` : m.text,
          onRemove: () => notes.removeMeasurement(m.id),
        }))}
        notes={[notes.readOnlyNote, notes.notice].filter((n): n is string => Boolean(n))}
      />
      <Typography data-testid="viewer-title" variant="body2" sx={{ px: 1.5, pb: 1 }}>
        {titleLine(study, patientName)}
      </Typography>
    </ViewerFrame>
  );
};
