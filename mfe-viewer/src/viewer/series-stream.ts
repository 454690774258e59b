import { DICOMWEB_API } from '@portal/contracts';
import { bytesCall, portalRequest, withViewerToken } from '@portal/api';
import { preparationOf, sopOf } from './first-image';
import { frameImageId, frameOf } from './frame-image-id';
import { receivedFrames } from './received-frames';
import type { FramePreparation } from './native-pixels';
import {
  readSeriesParts,
  type SeriesPart,
  type StreamAsk,
  type StreamNews,
  type StreamOrder,
  syntaxOf,
} from './series-parts';
import { fetchSeriesMetadata } from './series-metadata';
import { releaseStreamWorker, takeStreamWorker } from './stream-worker';

/** Every frame as stored (the viewer decodes every syntax), each part with its frame URL and syntax. */
const PIXEL_DATA_ACCEPT = 'multipart/related; type="application/octet-stream"; transfer-syntax=*';
/** Set when a series' stream has read its last part. */
export const STREAM_ENDED_MARK = 'viewer:stream-ended';

/**
 * Receives each frame's image id as its bytes arrive (those that came before first); resolves when the
 * stream ended, rejects if it broke. Several may follow one stream (the first image, then Cornerstone).
 */
export type SeriesStream = (onFrame: (imageId: string) => void) => Promise<void>;

/**
 * Starts reading a series' pixel data (WADO-RS, one request for every frame) at once, before
 * Cornerstone is even loaded, in a worker where one can start (the page's thread is busy starting
 * Cornerstone and drawing; read there, the stream fell behind the network by 1.3 s on the 300-slice
 * CT): frames that arrive early wait in `receivedFrames`, and `follow` hands their ids over, then each
 * new one as it comes. Stopped by `signal` (the viewer closed, another series opened); frames never
 * drawn are dropped then.
 */
export const openSeriesStream = (
  study: string,
  series: string,
  token: string,
  signal: AbortSignal,
  origin = window.location.origin,
): SeriesStream => {
  const arrived: string[] = [];
  const listeners: Array<(imageId: string) => void> = [];
  const take = (parts: SeriesPart[]) => {
    for (const part of parts) {
      // The part names its frame; only a frame of the series asked for is taken.
      const at = frameOf(part.headers['content-location'] ?? '');
      if (at?.seriesUid !== series) continue;
      const imageId = frameImageId(study, at, origin);
      receivedFrames.set(imageId, {
        pixelData: part.body,
        transferSyntaxUid: syntaxOf(part),
        prepared: part.prepared,
      });
      arrived.push(imageId);
      listeners.forEach((l) => l(imageId));
    }
  };
  const url = DICOMWEB_API.retrieveSeriesPixelData(study, series);
  const viewerCall = withViewerToken(token, { Accept: PIXEL_DATA_ACCEPT });
  const read = async () => {
    const worker = takeStreamWorker();
    if (worker)
      await readInWorker(
        worker,
        bytesCall(url, viewerCall.headers),
        preparations(study, series, token),
        signal,
        take,
      );
    else {
      const answer = await portalRequest<Response>(url, { ...viewerCall, responseType: 'stream', signal });
      if (answer.error)
        throw new Error(`series pixel data answered ${answer.error.status}: ${answer.error.message}`);
      await readSeriesParts(answer.data, take);
    }
    // The benchmark splits 'all loaded' into the stream's reading and Cornerstone's loading with it.
    performance.mark?.(STREAM_ENDED_MARK);
  };
  const reading = read();
  // Nobody may follow (the viewer closed first): a failure then is not an unhandled rejection.
  reading.catch(() => undefined);
  signal.addEventListener('abort', () => arrived.forEach((id) => receivedFrames.delete(id)));
  return (onFrame) => {
    arrived.forEach(onFrame);
    listeners.push(onFrame);
    return reading;
  };
};

/**
 * How each instance's frames are prepared, by SOP Instance UID, from the series' metadata (asked by the
 * record view's preload already, or by the viewer now).
 */
const preparations = (study: string, series: string, token: string) =>
  fetchSeriesMetadata(study, series, token).then((instances) =>
    Object.fromEntries(instances.map((ds) => [sopOf(ds), preparationOf(ds)])),
  );

/**
 * The stream read by a worker (stream-worker.ts): its parts come as messages, their bytes moved to the
 * page; `signal` ends the worker (and its call) at once, a stream that ended whole frees it.
 */
const readInWorker = (
  worker: Worker,
  ask: StreamAsk,
  preparing: Promise<Record<string, FramePreparation>>,
  signal: AbortSignal,
  take: (parts: SeriesPart[]) => void,
): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    const stop = () => {
      worker.terminate();
      reject(new DOMException('aborted', 'AbortError'));
    };
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    const settle = (failure?: Error) => {
      signal.removeEventListener('abort', stop);
      if (failure) {
        worker.terminate();
        reject(failure);
      } else {
        releaseStreamWorker(worker);
        resolve();
      }
    };
    worker.onmessage = ({ data }: MessageEvent<StreamNews>) => {
      if ('parts' in data) take(data.parts);
      else if ('end' in data) settle();
      else settle(new Error(data.failed));
    };
    // The worker's script did not load or start: the viewer asks frame by frame instead.
    worker.onerror = (e) => settle(new Error(`the series stream's worker failed: ${e.message}`));
    worker.postMessage({ ask } satisfies StreamOrder);
    // Frames that come before the preparations are prepared on the page (cornerstone/native-image.ts).
    preparing.then(
      (known) => worker.postMessage({ preparations: known } satisfies StreamOrder),
      () => undefined,
    );
  });

/** How long a series opened ahead waits for its viewer before it is stopped (the tab failed to mount). */
const AHEAD_WAIT_MS = 10_000;

interface OpenedAhead {
  stream: SeriesStream;
  stop: AbortController;
  timer: ReturnType<typeof setTimeout>;
}

/** Series streams opened before their viewer mounted, by study, series and token. */
const openedAhead = new Map<string, OpenedAhead>();
const aheadKey = (study: string, series: string, token: string) => `${study}|${series}|${token}`;

/**
 * Opens a series' stream before its viewer has mounted: the record view calls it in the Imaging tab's
 * click, so the frames come while React draws the viewer (about 150 ms of the page's thread). The viewer
 * takes it with `takeSeriesStream`; one nobody takes in AHEAD_WAIT_MS is stopped and its frames dropped.
 */
export const openSeriesAhead = (study: string, series: string, token: string): void => {
  const key = aheadKey(study, series, token);
  if (openedAhead.has(key)) return;
  const stop = new AbortController();
  const timer = setTimeout(() => {
    openedAhead.delete(key);
    stop.abort();
  }, AHEAD_WAIT_MS);
  openedAhead.set(key, { stream: openSeriesStream(study, series, token, stop.signal), stop, timer });
};

/** The series' stream opened ahead, now stopped by `signal`; else a new one. */
export const takeSeriesStream = (
  study: string,
  series: string,
  token: string,
  signal: AbortSignal,
): SeriesStream => {
  const key = aheadKey(study, series, token);
  const ahead = openedAhead.get(key);
  if (!ahead) return openSeriesStream(study, series, token, signal);
  openedAhead.delete(key);
  clearTimeout(ahead.timer);
  if (signal.aborted) ahead.stop.abort();
  else signal.addEventListener('abort', () => ahead.stop.abort(), { once: true });
  return ahead.stream;
};
