import { useEffect, useRef, useState } from 'react';
import type { StackDisplay } from './cornerstone/stack-display';
import { fetchSeriesMetadata } from './series-metadata';
import { openSeriesStream } from './series-stream';

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
    // The series' frames start coming now, while Cornerstone and the metadata load.
    const aborts = new AbortController();
    const stream = openSeriesStream(study, series, token, aborts.signal);
    setLoad({ phase: 'loading', loaded: 0, total: 0, usable: 0 });
    const open = async () => {
      // The chunk, Cornerstone's start and the series metadata are fetched at the same time.
      const [cs, metadata] = await Promise.all([
        import('./cornerstone').then(async (m) => (await m.ensureCornerstone(study, token), m)),
        fetchSeriesMetadata(study, series, token),
      ]);
      if (!live) return;
      const imageIds = cs.seriesImageIds(study, series, metadata);
      current = new cs.StackDisplay(element, {
        onImageShown: (i) => shown.current(i),
        onFirstImage: () => {
          mark(FIRST_IMAGE_MARK);
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
      resize?.disconnect();
      current?.destroy();
      setDisplay(null);
    };
  }, [element, study, series, token]);

  return { load, display };
};
