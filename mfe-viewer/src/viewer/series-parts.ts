import { mediaTypeOf } from '@portal/contracts';
import { frameOf } from './frame-image-id';
import { MultipartReader, type StreamPart } from './multipart-reader';
import { type FramePreparation, prepareNative, type PreparedFrame } from './native-pixels';

const IMPLICIT_LITTLE = '1.2.840.10008.1.2';

/** A frame of the series' stream, prepared (rescaled, its range found) where the worker knew how. */
export interface SeriesPart extends StreamPart {
  prepared?: PreparedFrame;
}

/** The transfer syntax a part's frame is in (a part that names none is in the default syntax). */
export const syntaxOf = (part: StreamPart): string =>
  mediaTypeOf(part.headers['content-type'] ?? '').params['transfer-syntax'] ?? IMPLICIT_LITTLE;

/**
 * Reads a series' pixel data answer (multipart/related, one part a frame) to its end, handing out the
 * parts each chunk completed. The same on the page's thread and in the stream's worker.
 */
export const readSeriesParts = async (
  answer: Pick<Response, 'headers' | 'body'>,
  onParts: (parts: StreamPart[]) => void,
): Promise<void> => {
  const boundary = mediaTypeOf(answer.headers.get('content-type') ?? '').params.boundary;
  if (!boundary || !answer.body) throw new Error('series pixel data is not a multipart answer');
  const parts = new MultipartReader(boundary);
  const body = answer.body.getReader();
  for (;;) {
    const { done, value } = await body.read();
    if (done) break;
    const completed = parts.push(value);
    if (completed.length) onParts(completed);
  }
  if (!parts.done) throw new Error('series pixel data ended before its last part');
};

/** What the page asks the stream's worker: the call as the page would make it (libs/api's bytesCall). */
export interface StreamAsk {
  url: string;
  headers: Record<string, string>;
}

/**
 * What the page tells the stream's worker: the call to make, then (once the series' metadata is here)
 * how each instance's frames are prepared, by SOP Instance UID.
 */
export type StreamOrder = { ask: StreamAsk } | { preparations: Record<string, FramePreparation> };

/** What a stream's worker says first, once its script runs (stream-worker.ts hands out only started ones). */
export const WORKER_STARTED = 'started';

/** What the stream's worker tells the page: parts (their bytes moved, not copied), the end, or why it failed. */
export type StreamNews = { parts: SeriesPart[] } | { end: true } | { failed: string };

/** Prepares the part's frame when its instance's preparation is known; answers the buffers it holds. */
const prepared = (part: StreamPart, preparations: ReadonlyMap<string, FramePreparation>) => {
  const preparation = preparations.get(frameOf(part.headers['content-location'] ?? '')?.sopInstanceUid ?? '');
  const frame = preparation && prepareNative(preparation, syntaxOf(part), part.body);
  const out: SeriesPart = frame ? { ...part, prepared: frame } : part;
  // Each part's body is an array of its own (multipart-reader.ts): moving its buffer moves that part only.
  return { part: out, buffers: [part.body.buffer, frame?.samples.buffer] };
};

/**
 * The stream's worker's whole job (series-stream.worker.ts): make the call, read the answer, prepare
 * each native frame whose instance it knows, and post each chunk's parts with their bytes transferred.
 * Off the page's thread, reading and rescaling keep pace with the network while the page starts
 * Cornerstone and draws.
 */
export const answerStreamAsk = async (
  ask: StreamAsk,
  preparations: ReadonlyMap<string, FramePreparation>,
  post: (news: StreamNews, transfer?: Transferable[]) => void,
  fetchAnswer: typeof fetch = fetch,
): Promise<void> => {
  try {
    const answer = await fetchAnswer(ask.url, { headers: ask.headers, credentials: 'include' });
    if (!answer.ok) throw new Error(`series pixel data answered ${answer.status}`);
    await readSeriesParts(answer, (parts) => {
      const done = parts.map((p) => prepared(p, preparations));
      const buffers = new Set(done.flatMap((d) => d.buffers).filter((b) => b !== undefined));
      post({ parts: done.map((d) => d.part) }, [...buffers] as Transferable[]);
    });
    post({ end: true });
  } catch (e) {
    post({ failed: e instanceof Error ? e.message : String(e) });
  }
};
