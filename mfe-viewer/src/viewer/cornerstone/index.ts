// Everything of Cornerstone3D, loaded on demand: the viewer's first paint (header, messages) does not wait for it.
export { ensureCornerstone, warmCornerstone } from './setup';
export { seriesImageIds } from './series-images';
export { StackDisplay, type LoadProgress } from './stack-display';
