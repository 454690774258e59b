import * as fs from 'node:fs';
import * as path from 'node:path';
import { type ResourceLimits, type Transferable, Worker } from 'node:worker_threads';
import type { ErrorCode } from '@portal/contracts';
import { WORKSPACE_ROOT } from '../config';
import { AppError } from '../errors/app-error';
import { logger } from '../logger';
import type { TaskAnswer } from './task.worker';

/**
 * Run from sources (Jest, before any build): the thread compiles TypeScript with swc as it requires it,
 * and finds the workspace's packages (@portal/*) in their sources as tsconfig's paths do. A built
 * package (dist) runs its .js as Node would.
 */
const FROM_SOURCES = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const local = Module.createRequire(workerData.file);
const swc = local('@swc/core');
Module._extensions['.ts'] = (m, filename) => m._compile(swc.transformSync(fs.readFileSync(filename, 'utf8'), {
  filename, jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' }, module: { type: 'commonjs' },
}).code, filename);
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const m = /^@portal\\/([\\w-]+)$/.exec(request);
  if (m) for (const dir of ['libs', 'services']) {
    const name = dir === 'services' ? m[1].replace(/-service$/, '') : m[1];
    const file = path.join(workerData.root, dir, name, 'src', 'index.ts');
    if (fs.existsSync(file)) return file;
  }
  return resolve.call(this, request, ...rest);
};
local(workerData.file);
`;

interface Pending {
  resolve: (t: unknown) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

export interface WorkerThreadOptions {
  /** Names the thread in logs and in failures. */
  name: string;
  /** A task that takes longer is given up (the thread is restarted, its other tasks fail with the same error). */
  timeoutMs: number;
  /** The failure of a task past its time, or of a thread that died (default: a plain Error). */
  failure?: (why: string) => Error;
  /** A failure the thread answered, rebuilt (default: an AppError when it carried a code, else an Error). */
  rebuild?: (error: { message: string; code?: string; name?: string }) => Error;
  /** Bounds the thread's heap: a task that would exhaust it fails alone. */
  resourceLimits?: ResourceLimits;
}

const moduleFiles = new Map<string, string>();
/** The source of a module, built (.js beside it) or not (.ts): what a thread requires. Looked up once per module, not per task. */
export const moduleFile = (withoutExtension: string): string => {
  let file = moduleFiles.get(withoutExtension);
  if (!file) moduleFiles.set(withoutExtension, (file = fs.existsSync(`${withoutExtension}.js`) ? `${withoutExtension}.js` : `${withoutExtension}.ts`));
  return file;
};

/**
 * One worker thread that runs tasks one after another, so parsing, decoding or rendering what a user
 * sent never holds the event loop: whatever a file holds costs the thread's time, bounded by
 * `timeoutMs`, and not every caller's. A task is a function exported by a module (task.worker.ts
 * requires the module once and calls the function); buffers travel as transfers, not copies. A
 * thread that dies or overruns a task is replaced on the next task.
 */
export class WorkerThread {
  /** Every thread made, so a test run can stop them all (closeWorkerThreads). */
  static readonly all = new Set<WorkerThread>();
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(private readonly options: WorkerThreadOptions) {
    WorkerThread.all.add(this);
  }

  /** Calls `fn` of `module` (a path without extension) in the thread with `args`; `transfer` moves their buffers. */
  run<T>(module: string, fn: string, args: unknown[], transfer: Transferable[] = []): Promise<T> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(this.failure(`it took longer than ${this.options.timeoutMs / 1000} s`));
        this.restart(this.failure(`the ${this.options.name} thread was restarted after a task that took too long`));
      }, this.options.timeoutMs);
      this.pending.set(id, { resolve: resolve as (t: unknown) => void, reject, timer });
      worker.postMessage({ id, module: moduleFile(module), fn, args }, transfer);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.restart(new Error(`${this.options.name} thread stopped`));
    await worker?.terminate();
  }

  private failure(why: string): Error {
    return this.options.failure ? this.options.failure(why) : new Error(why);
  }

  private start(): Worker {
    const entry = moduleFile(path.join(__dirname, 'task.worker'));
    const options = { resourceLimits: this.options.resourceLimits };
    const worker = entry.endsWith('.js') ? new Worker(entry, options) : new Worker(FROM_SOURCES, { ...options, eval: true, workerData: { file: entry, root: WORKSPACE_ROOT } });
    worker.unref();
    worker.on('message', (a: TaskAnswer) => this.answer(a));
    worker.on('error', (err) => {
      logger.error({ err, thread: this.options.name }, 'worker thread failed');
      this.restart(this.failure(`the ${this.options.name} thread failed: ${err.message}`));
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.restart(this.failure(`the ${this.options.name} thread exited (${code})`));
    });
    this.worker = worker;
    return worker;
  }

  private answer(a: TaskAnswer): void {
    const p = this.pending.get(a.id);
    if (!p) return;
    this.pending.delete(a.id);
    clearTimeout(p.timer);
    if ('result' in a) return p.resolve(a.result);
    const rebuild = this.options.rebuild ?? ((e) => (e.code ? new AppError(e.code as ErrorCode, e.message) : new Error(e.message)));
    p.reject(rebuild(a.error));
  }

  /** Drops the thread (the next task starts a new one) and fails whatever it still had. */
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

/** Stops every worker thread (each starts again on its next task): test runners wait for threads. */
export const closeWorkerThreads = async (): Promise<void> => {
  await Promise.all([...WorkerThread.all].map((t) => t.close()));
};

/** A buffer's bytes as a transferable of their own: the buffer itself when it owns its memory, else one copy. */
export const ownBytes = (bytes: Uint8Array): Uint8Array =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && Object.prototype.toString.call(bytes.buffer) === '[object ArrayBuffer]' ? bytes : new Uint8Array(bytes);
