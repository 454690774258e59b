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

/** A task waiting for the thread or running in it. */
interface Task {
  id: number;
  message: { id: number; module: string; fn: string; args: unknown[] };
  transfer: Transferable[];
  resolve: (t: unknown) => void;
  reject: (e: Error) => void;
}

export interface WorkerThreadOptions {
  /** Names the thread in logs and in failures. */
  name: string;
  /** A task that runs longer is given up (the thread is restarted; the tasks waiting behind it go on in the new one). */
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
  if (!file)
    moduleFiles.set(
      withoutExtension,
      (file = fs.existsSync(`${withoutExtension}.js`) ? `${withoutExtension}.js` : `${withoutExtension}.ts`),
    );
  return file;
};

/**
 * One worker thread that runs tasks one after another, so parsing, decoding or rendering what a user
 * sent never holds the event loop: whatever a file holds costs the thread's time, bounded by
 * `timeoutMs`, and not every caller's. A task is a function exported by a module (task.worker.ts
 * requires the module once and calls the function); buffers travel as transfers, not copies.
 *
 * Tasks wait here and go to the thread one at a time, and a task's time counts from when it starts:
 * a queue of slow but honest tasks (a grid's dozen thumbnails on a busy machine) never times out the
 * last of them, and a task that overruns or kills the thread fails alone; the ones behind it run in a
 * fresh thread.
 */
export class WorkerThread {
  /** Every thread made, so a test run can stop them all (closeWorkerThreads). */
  static readonly all = new Set<WorkerThread>();
  private worker: Worker | null = null;
  private readonly waiting: Task[] = [];
  private running: { task: Task; timer: NodeJS.Timeout } | null = null;
  private nextId = 1;

  constructor(private readonly options: WorkerThreadOptions) {
    WorkerThread.all.add(this);
  }

  /** Calls `fn` of `module` (a path without extension) in the thread with `args`; `transfer` moves their buffers. */
  run<T>(module: string, fn: string, args: unknown[], transfer: Transferable[] = []): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({
        id,
        message: { id, module: moduleFile(module), fn, args },
        transfer,
        resolve: resolve as (t: unknown) => void,
        reject,
      });
      this.next();
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    const stopped = new Error(`${this.options.name} thread stopped`);
    for (const task of this.waiting.splice(0)) task.reject(stopped);
    this.drop(stopped);
    await worker?.terminate();
  }

  /** Starts the first waiting task when the thread is free; its time starts now. */
  private next(): void {
    if (this.running) return;
    const task = this.waiting.shift();
    if (!task) return;
    const worker = this.worker ?? this.start();
    const timer = setTimeout(() => {
      this.drop(this.failure(`it took longer than ${this.options.timeoutMs / 1000} s`));
      this.next();
    }, this.options.timeoutMs);
    this.running = { task, timer };
    worker.postMessage(task.message, task.transfer);
  }

  private failure(why: string): Error {
    return this.options.failure ? this.options.failure(why) : new Error(why);
  }

  private start(): Worker {
    const entry = moduleFile(path.join(__dirname, 'task.worker'));
    const options = { resourceLimits: this.options.resourceLimits };
    const worker = entry.endsWith('.js')
      ? new Worker(entry, options)
      : new Worker(FROM_SOURCES, {
          ...options,
          eval: true,
          workerData: { file: entry, root: WORKSPACE_ROOT },
        });
    worker.unref();
    worker.on('message', (a: TaskAnswer) => this.answer(a));
    worker.on('error', (err) => {
      logger.error({ err, thread: this.options.name }, 'worker thread failed');
      if (this.worker !== worker) return;
      this.drop(this.failure(`the ${this.options.name} thread failed: ${err.message}`));
      this.next();
    });
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.drop(this.failure(`the ${this.options.name} thread exited (${code})`));
      this.next();
    });
    this.worker = worker;
    return worker;
  }

  private answer(a: TaskAnswer): void {
    const running = this.running;
    if (!running || running.task.id !== a.id) return;
    clearTimeout(running.timer);
    this.running = null;
    if ('result' in a) running.task.resolve(a.result);
    else {
      const rebuild =
        this.options.rebuild ??
        ((e) => (e.code ? new AppError(e.code as ErrorCode, e.message) : new Error(e.message)));
      running.task.reject(rebuild(a.error));
    }
    this.next();
  }

  /** Drops the thread (the next task starts a new one) and fails the task it was running. */
  private drop(why: Error): void {
    const worker = this.worker;
    this.worker = null;
    if (this.running) {
      clearTimeout(this.running.timer);
      this.running.task.reject(why);
      this.running = null;
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
  bytes.byteOffset === 0 &&
  bytes.byteLength === bytes.buffer.byteLength &&
  Object.prototype.toString.call(bytes.buffer) === '[object ArrayBuffer]'
    ? bytes
    : new Uint8Array(bytes);
