import { DICOMWEB_API, mediaTypeOf } from '@portal/contracts';
import { portalRequest, withViewerToken } from '@portal/api';
import { frameImageId, frameOf } from './frame-image-id';
import { MultipartReader } from './multipart-reader';

/** Every frame as stored (the viewer decodes every syntax), each part with its frame URL and syntax. */
const PIXEL_DATA_ACCEPT = 'multipart/related; type="application/octet-stream"; transfer-syntax=*';
const IMPLICIT_LITTLE = '1.2.840.10008.1.2';

export interface FrameBytes {
  pixelData: Uint8Array;
  transferSyntaxUid: string;
}

/**
 * Frames a series' stream brought and the viewer has not drawn yet, by their wadors image id: the
 * Cornerstone side (cornerstone/frame-loader.ts) draws from here instead of asking the server again.
 */
export const receivedFrames = new Map<string, FrameBytes>();

/**
 * Receives each frame's image id as its bytes arrive (those that came before first); resolves when the
 * stream ended, rejects if it broke. Several may follow one stream (the first image, then Cornerstone).
 */
export type SeriesStream = (onFrame: (imageId: string) => void) => Promise<void>;

/**
 * Starts reading a series' pixel data (WADO-RS, one request for every frame) at once, before
 * Cornerstone is even loaded: frames that arrive early wait in `receivedFrames`, and `follow` hands
 * their ids over, then each new one as it comes. Stopped by `signal` (the viewer closed, another
 * series opened); frames never drawn are dropped then.
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
  const read = async () => {
    const answer = await portalRequest<Response>(DICOMWEB_API.retrieveSeriesPixelData(study, series), {
      ...withViewerToken(token, { Accept: PIXEL_DATA_ACCEPT }),
      responseType: 'stream',
      signal,
    });
    if (answer.error)
      throw new Error(`series pixel data answered ${answer.error.status}: ${answer.error.message}`);
    const boundary = mediaTypeOf(answer.data.headers.get('content-type') ?? '').params.boundary;
    if (!boundary || !answer.data.body) throw new Error('series pixel data is not a multipart answer');
    const parts = new MultipartReader(boundary);
    const body = answer.data.body.getReader();
    for (;;) {
      const { done, value } = await body.read();
      if (done) break;
      for (const part of parts.push(value)) {
        // The part names its frame; only a frame of the series asked for is taken.
        const at = frameOf(part.headers['content-location'] ?? '');
        if (at?.seriesUid !== series) continue;
        const imageId = frameImageId(study, at, origin);
        receivedFrames.set(imageId, {
          pixelData: part.body,
          transferSyntaxUid:
            mediaTypeOf(part.headers['content-type'] ?? '').params['transfer-syntax'] ?? IMPLICIT_LITTLE,
        });
        arrived.push(imageId);
        listeners.forEach((l) => l(imageId));
      }
    }
    if (!parts.done) throw new Error('series pixel data ended before its last part');
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
