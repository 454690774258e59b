// Everything of Cornerstone3D, loaded on demand: the viewer's first paint (header, messages) does not wait for it.
export { ensureCornerstone } from './setup';
export { fetchSeriesMetadata, seriesImageIds } from './series-images';
export { StackDisplay, type LoadProgress } from './stack-display';
