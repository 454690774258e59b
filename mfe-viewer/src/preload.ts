/**
 * Exposed as `./preload`: the record view calls it as soon as it shows a study, so the viewer's code,
 * Cornerstone (its 3 MB chunk, its start, the decode worker) are ready before the Imaging tab opens.
 * Nothing is fetched from the study here: that needs the viewer token the tab asks for.
 */
let warming: Promise<void> | null = null;

const preloadViewer = (): Promise<void> =>
  (warming ??= Promise.all([
    import('./ImagingViewer'),
    import('./viewer/cornerstone').then((cs) => cs.warmCornerstone()),
  ]).then(
    () => undefined,
    (e: unknown) => {
      // A failed warm-up costs nothing: the tab loads what it needs itself.
      warming = null;
      console.warn('[imaging-viewer] preload failed', e);
    },
  ));

export default preloadViewer;
