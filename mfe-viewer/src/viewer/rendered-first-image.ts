import { IMAGING_API, type DicomJsonDataset, type InstanceImage } from '@portal/contracts';
import { portalRequest, withViewerToken } from '@portal/api';
import {
  drawFitted,
  firstImageDrawnAhead,
  orderedInstances,
  pixelAspect,
  showFirstImage,
  sopOf,
} from './first-image';
import { recentAnswers } from './recent-answers';
import type { SeriesStream } from './series-stream';

// The first image of a series only Cornerstone's loader decodes (decision 0033, fifth pass): a compressed,
// big endian, colour or PET series showed nothing until Cornerstone's 3.3 MB chunk had been evaluated,
// its codec started and the frame decoded, 1.1 to 1.5 s after a first open here. The server draws the
// same frame in tens of milliseconds (the spec's instance image call: the thumbnail renderer, every
// syntax, the file's own window, at most 1024 pixels a side), so that picture is shown first, fitted as
// Cornerstone fits it, and Cornerstone's own first render replaces it.

/** The stack's first frame as the server draws it, decoded: asked once, shared by the record view's preload and the viewer. */
const pictures = recentAnswers<HTMLImageElement>(8);

const draw = async (study: string, series: string, dataset: DicomJsonDataset, token: string) => {
  const answer = await portalRequest<InstanceImage>(
    IMAGING_API.instanceImage(study, series, sopOf(dataset), 1),
    withViewerToken(token),
  );
  if (answer.error) throw new Error(`instance image answered ${answer.error.status}`);
  const picture = new Image();
  picture.src = `data:image/png;base64,${answer.data.data}`;
  await picture.decode();
  return picture;
};

/** The series' first image as the server draws it, decoded; null when the series has none or the server could not draw it. */
export const renderedFirstImage = (
  study: string,
  series: string,
  instances: DicomJsonDataset[],
  token: string,
): Promise<HTMLImageElement | null> => {
  const [dataset] = orderedInstances(instances);
  if (!dataset) return Promise.resolve(null);
  return pictures(`${study}/${series}/${token}`, () => draw(study, series, dataset, token)).catch(() => null);
};

/**
 * The stack's first image before Cornerstone has started: from its frame's bytes when the page draws
 * those (showFirstImage), else the server's picture of it (drawFitted). Resolves with the canvas, or
 * null: Cornerstone then draws it, as before.
 */
export const showFirstImageAhead = async (
  element: HTMLElement,
  study: string,
  series: string,
  asked: Promise<DicomJsonDataset[]>,
  stream: SeriesStream,
  token: string,
): Promise<HTMLCanvasElement | null> => {
  const fromBytes = showFirstImage(element, study, series, asked, stream);
  const instances = await asked.catch(() => null);
  if (!instances || firstImageDrawnAhead(instances)) return fromBytes;
  const picture = await renderedFirstImage(study, series, instances, token);
  const [dataset] = orderedInstances(instances);
  return picture && dataset
    ? drawFitted(element, picture, {
        width: picture.naturalWidth,
        height: picture.naturalHeight,
        aspect: pixelAspect(dataset),
      })
    : null;
};
