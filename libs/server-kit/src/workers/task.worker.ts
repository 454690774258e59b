import { parentPort } from 'node:worker_threads';

/** What the thread answers a task: its result, or its failure (an AppError's code kept, by its toBody). */
export type TaskAnswer =
  { id: number; result: unknown } | { id: number; error: { message: string; code?: string; name?: string } };

type TaskModule = Record<string, (...args: unknown[]) => unknown>;
const modules = new Map<string, TaskModule>();
/** Bytes that own their memory, which is not shared (shared memory is never moved: both sides keep it). */
const isBytes = (v: unknown): v is Uint8Array =>
  ArrayBuffer.isView(v) &&
  v.buffer instanceof ArrayBuffer &&
  v.byteOffset === 0 &&
  v.byteLength === v.buffer.byteLength;

/**
 * A worker thread's whole program (worker-thread.ts starts it): each message names a module, one of its
 * functions and the arguments; the module is required once and the function called. Byte arrays of the
 * result (or of each item of an array result) that own their memory are moved back, not copied (a
 * file's bytes after indexing, a PNG). Only Node here: what a task needs, its module brings.
 */
parentPort?.on(
  'message',
  ({ id, module, fn, args }: { id: number; module: string; fn: string; args: unknown[] }) => {
    try {
      let m = modules.get(module);
      if (!m) modules.set(module, (m = require(module) as TaskModule));
      const result = m[fn](...args);
      // Of an array (one answer per file of a batch), each item's bytes.
      const values = Array.isArray(result)
        ? result.flatMap((item: unknown) => (item && typeof item === 'object' ? Object.values(item) : []))
        : Object.values(result ?? {});
      const transfer = [...new Set(values.filter(isBytes).map((b) => b.buffer as ArrayBuffer))];
      parentPort!.postMessage({ id, result } satisfies TaskAnswer, transfer);
    } catch (e) {
      const err = e as { message?: string; code?: unknown; name?: string; toBody?: unknown };
      parentPort!.postMessage({
        id,
        error: {
          message: String(err?.message ?? e),
          code: typeof err?.toBody === 'function' ? String(err.code) : undefined,
          name: err?.name,
        },
      } satisfies TaskAnswer);
    }
  },
);
