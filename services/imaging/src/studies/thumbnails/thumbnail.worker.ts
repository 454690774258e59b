import { parentPort } from 'node:worker_threads';
import { NoPreview, renderThumbnail } from './render-thumbnail';

export interface RenderRequest {
  id: number;
  bytes: Uint8Array;
  /** The square the picture fits in, and the frame (0-based) drawn. */
  size: number;
  frame: number;
}

export type RenderAnswer = { id: number; png: Uint8Array; width: number; height: number; ms: number } | { id: number; noPreview: string } | { id: number; error: string };

/** The thumbnail thread: decodes and renders one DICOM file per message, off the service's event loop. */
parentPort?.on('message', ({ id, bytes, size, frame }: RenderRequest) => {
  const started = performance.now();
  try {
    const t = renderThumbnail(bytes, size, frame);
    parentPort!.postMessage({ id, png: t.png, width: t.width, height: t.height, ms: performance.now() - started } satisfies RenderAnswer);
  } catch (e) {
    parentPort!.postMessage(e instanceof NoPreview ? { id, noPreview: e.message } : ({ id, error: String((e as Error)?.message ?? e) } satisfies RenderAnswer));
  }
});
