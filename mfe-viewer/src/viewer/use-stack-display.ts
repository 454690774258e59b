import { useEffect, useRef, useState } from 'react';
import type { StackDisplay } from './cornerstone/stack-display';
import { fetchSeriesMetadata } from './series-metadata';
import { takeSeriesStream } from './series-stream';
import { cornerstoneState, framesOf } from './first-image';
import { showFirstImageAhead } from './rendered-first-image';

export type StackPhase = 'loading' | 'ready' | 'errorFetching' | 'errorLoading';

export interface StackLoad {
  phase: StackPhase;
  loaded: number;
  total: number;
  /** The images that can be shown (frames that failed are left out). */
  usable: number;
  /** Every image was loaded (or failed) and the stack holds the ones that can be shown. */
  complete?: boolean;
}

export const FIRST_IMAGE_MARK = 'viewer:first-image';
export const ALL_LOADED_MARK = 'viewer:all-loaded';
/** Cornerstone's own first render: from here the image answers the tools (after the first image when that was drawn ahead). */
export const INTERACTIVE_MARK = 'viewer:interactive';

const mark = (name: string) => {
  if (typeof performance !== 'undefined' && performance.mark) performance.mark(name);
};

/**
 * Draws one series of a study in a StackViewport on `element` and loads all its images: the phase,
 * the 'N out of M' counts, and the display to step, reset and window. A failed metadata request
 * closes the viewer (Error fetching images); only when no image at all decodes is it Error loading images.
 */
export const useStackDisplay = (
  element: HTMLDivElement | null,
  study: string,
  series: string | null,
  token: string,
  onImageShown: (index: number) => void,
) => {
  const [load, setLoad] = useState<StackLoad>({ phase: 'loading', loaded: 0, total: 0, usable: 0 });
  const [display, setDisplay] = useState<StackDisplay | null>(null);
  const shown = useRef(onImageShown);
  shown.current = onImageShown;

  useEffect(() => {
    if (!element || !series) return undefined;
    let live = true;
    let current: StackDisplay | null = null;
    // The series' frames start coming now (or came since the tab's click), while Cornerstone and the metadata load.
    const aborts = new AbortController();
    const stream = takeSeriesStream(study, series, token, aborts.signal);
    setLoad({ phase: 'loading', loaded: 0, total: 0, usable: 0 });
    let drawnAhead: HTMLCanvasElement | null = null;
    const open = async () => {
      const asked = fetchSeriesMetadata(study, series, token);
      /** The chunk and Cornerstone's start (once per page: ensureCornerstone), after the first image. */
      const startCornerstone = () =>
        import('./cornerstone').then(async (m) => (await m.ensureCornerstone(study, token), m));
      // Before Cornerstone has started, its 3.3 MB would hold the page's thread for the first image:
      // that image is drawn first (from the stream, or as the server draws it), then Cornerstone loads under it.
      if (!cornerstoneState.started) {
        void asked.then(
          (instances) => {
            const total = instances.reduce((n, ds) => n + framesOf(ds), 0);
            if (live) setLoad((l) => ({ ...l, total }));
          },
          () => undefined,
        );
        drawnAhead = await showFirstImageAhead(element, study, series, asked, stream, token);
        if (!live) {
          drawnAhead?.remove();
          return;
        }
        if (drawnAhead) mark(FIRST_IMAGE_MARK);
      }
      const [cs, metadata] = await Promise.all([startCornerstone(), asked]);
      if (!live) return;
      const imageIds = cs.seriesImageIds(study, series, metadata);
      current = new cs.StackDisplay(element, {
        onImageShown: (i) => shown.current(i),
        onFirstImage: () => {
          if (!drawnAhead) mark(FIRST_IMAGE_MARK);
          mark(INTERACTIVE_MARK);
          drawnAhead?.remove();
          drawnAhead = null;
          if (live) setLoad((l) => ({ ...l, phase: 'ready' }));
        },
        onProgress: (p) =>
          live && setLoad((l) => ({ ...l, loaded: p.loaded, total: p.total, usable: p.total - p.failed })),
      });
      setDisplay(current);
      const failed = await current.show(imageIds, 0, stream);
      if (!live) return;
      mark(ALL_LOADED_MARK);
      if (imageIds.length && failed.size === imageIds.length) {
        setLoad((l) => ({ ...l, phase: 'errorLoading' }));
        return;
      }
      if (failed.size)
        await current.restack(
          imageIds.filter((id) => !failed.has(id)),
          0,
        );
      setLoad((l) => ({ ...l, phase: 'ready', complete: true }));
    };
    open().catch((e: unknown) => {
      console.error('[imaging-viewer] the series could not be opened', e);
      if (live) setLoad((l) => ({ ...l, phase: 'errorFetching' }));
    });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => current?.resize()) : null;
    resize?.observe(element);
    return () => {
      live = false;
      aborts.abort();
      drawnAhead?.remove();
      resize?.disconnect();
      current?.destroy();
      setDisplay(null);
    };
  }, [element, study, series, token]);

  return { load, display };
};
