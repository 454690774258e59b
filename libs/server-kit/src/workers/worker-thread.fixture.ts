import { AppError } from '../errors/app-error';

/** Tasks for worker-thread.spec.ts, run in a real thread. */
export const sum = (bytes: Uint8Array): { sum: number; bytes: Uint8Array } => ({
  sum: bytes.reduce((a, b) => a + b, 0),
  bytes,
});
/** One answer per buffer, as a batch task answers. */
export const sums = (list: Uint8Array[]): Array<{ sum: number; bytes: Uint8Array }> => list.map(sum);
export const spin = (): never => {
  for (;;) {
    /* a file that never ends parsing */
  }
};
export const refuse = (): never => {
  throw new AppError('FILE.INVALID_TYPE', 'not this one');
};
/** A slow but honest task: holds the thread for `ms`, then answers. */
export const busy = (ms: number): number => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    /* decoding */
  }
  return ms;
};
