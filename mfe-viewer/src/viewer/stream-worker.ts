/**
 * The workers that read a series' stream (series-stream.worker.ts). One is started ahead by the
 * record view's preload, so the Imaging tab's click does not wait for a worker's start; a worker whose
 * stream ended goes back to being that spare. Where workers cannot start (an old browser, a policy
 * that forbids them, Jest's jsdom) there is none, and the page reads the stream itself.
 */
let spare: Worker | null = null;

const startWorker = (): Worker | null => {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./series-stream.worker.ts', import.meta.url), { name: 'series-stream' });
  } catch {
    return null;
  }
};

export const warmStreamWorker = (): void => {
  spare ??= startWorker();
};

export const takeStreamWorker = (): Worker | null => {
  const worker = spare ?? startWorker();
  spare = null;
  return worker;
};

/** A worker whose stream ended whole, for the next stream (or ended, when a spare is already there). */
export const releaseStreamWorker = (worker: Worker): void => {
  worker.onmessage = null;
  worker.onerror = null;
  if (spare) worker.terminate();
  else spare = worker;
};
