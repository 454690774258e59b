import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { logger } from '@portal/server-kit';
import { NoPreview, type Thumbnail, THUMBNAIL_SIZE } from './render-thumbnail';
import type { RenderAnswer, RenderRequest } from './thumbnail.worker';

/** A render that takes longer than this is given up (the thread is restarted) and answered as no preview. */
const RENDER_TIMEOUT_MS = 30_000;

/**
 * Run from sources (Jest, ts type checks): the thread compiles the TypeScript worker with swc as it
 * requires it. The built service (dist) starts thumbnail.worker.js directly.
 */
const FROM_SOURCES = `
const { workerData } = require('node:worker_threads');
const Module = require('node:module');
const local = Module.createRequire(workerData.file);
const swc = local('@swc/core');
Module._extensions['.ts'] = (m, filename) => m._compile(swc.transformSync(require('node:fs').readFileSync(filename, 'utf8'), {
  filename, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' },
}).code, filename);
local(workerData.file);
`;

interface Pending {
  resolve: (t: Thumbnail) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Renders thumbnails in one worker thread, so decoding a large or compressed DICOM file never holds
 * the event loop; renders queue in the thread one after another. A thread that dies or hangs is
 * replaced on the next render.
 */
@Injectable()
export class ThumbnailRenderer implements OnModuleDestroy {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /** Draws the frame (0-based; the first by default) to fit in a square of `size` pixels. */
  render(dicom: Buffer, size = THUMBNAIL_SIZE, frame = 0): Promise<Thumbnail> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<Thumbnail>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new NoPreview(`rendering took longer than ${RENDER_TIMEOUT_MS} ms`));
        this.restart(new NoPreview('rendering thread restarted after a render that took too long'));
      }, RENDER_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      // A copy of its own for the thread: the file's buffer is transferred, not cloned.
      const bytes = new Uint8Array(dicom);
      worker.postMessage({ id, bytes, size, frame } satisfies RenderRequest, [bytes.buffer]);
    });
  }

  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new Error('thumbnail renderer stopped'));
      this.pending.delete(id);
    }
    await worker?.terminate();
  }

  private start(): Worker {
    const built = path.join(__dirname, 'thumbnail.worker.js');
    const worker = fs.existsSync(built) ? new Worker(built) : new Worker(FROM_SOURCES, { eval: true, workerData: { file: path.join(__dirname, 'thumbnail.worker.ts') } });
    worker.unref();
    worker.on('message', (a: RenderAnswer) => this.answer(a));
    worker.on('error', (err) => {
      logger.error({ err }, 'thumbnail thread failed');
      this.restart(new Error(`thumbnail thread failed: ${err.message}`));
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.restart(new Error(`thumbnail thread exited (${code})`));
    });
    this.worker = worker;
    return worker;
  }

  private answer(a: RenderAnswer): void {
    const p = this.pending.get(a.id);
    if (!p) return;
    this.pending.delete(a.id);
    clearTimeout(p.timer);
    if ('png' in a) p.resolve({ png: Buffer.from(a.png.buffer, a.png.byteOffset, a.png.byteLength), width: a.width, height: a.height });
    else if ('noPreview' in a) p.reject(new NoPreview(a.noPreview));
    else p.reject(new Error(a.error));
  }

  /** Drops the thread (the next render starts a new one) and fails whatever it still had. */
  private restart(why: Error): void {
    const worker = this.worker;
    this.worker = null;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(why);
      this.pending.delete(id);
    }
    void worker?.terminate();
  }
}
