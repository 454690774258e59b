import { WORKER_STARTED } from './series-parts';

/**
 * The workers that read a series' stream (series-stream.worker.ts). One is started ahead by the
 * record view's preload, and only a worker that has started (its script loaded and run) is handed
 * out: on a first open the page's own requests fill the browser's connections, and a stream that
 * waited for its worker's script came later than one read on the page. Without a started worker the
 * page reads the stream itself, and a worker is started for the next one. A worker whose stream ended
 * goes back to being the spare. Where workers cannot start (an old browser, a policy that forbids
 * them, Jest's jsdom) the page always reads the stream itself.
 */
let spare: Worker | null = null;
let spareStarted = false;

const startWorker = (): void => {
  if (spare || typeof Worker === 'undefined') return;
  try {
    const worker = new Worker(new URL('./series-stream.worker.ts', import.meta.url), {
      name: 'series-stream',
    });
    worker.addEventListener('message', function started({ data }: MessageEvent) {
      if (data !== WORKER_STARTED) return;
      worker.removeEventListener('message', started);
      if (spare === worker) spareStarted = true;
    });
    spare = worker;
    spareStarted = false;
  } catch {
    // No worker here (a policy forbids it): the page reads every stream itself.
  }
};

export const warmStreamWorker = (): void => startWorker();

/** The spare worker when it has started; else null (the page reads), and one is started for the next stream. */
export const takeStreamWorker = (): Worker | null => {
  if (!spare || !spareStarted) {
    startWorker();
    return null;
  }
  const worker = spare;
  spare = null;
  return worker;
};

/** A worker whose stream ended whole, for the next stream (or ended, when a spare is already there). */
export const releaseStreamWorker = (worker: Worker): void => {
  worker.onmessage = null;
  worker.onerror = null;
  if (spare) worker.terminate();
  else [spare, spareStarted] = [worker, true];
};
