// Small helpers to run a facility system as a child process on loopback: a free port, a child whose
// output tail is kept for error messages, and a wait until it answers HTTP. Kept here rather than taken
// from bench/lib.cjs so the package depends on no app folder.
'use strict';
const { spawn } = require('node:child_process');
const net = require('node:net');

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @returns {Promise<number>} a TCP port free on 127.0.0.1 right now */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });

/**
 * @typedef {object} ChildProcessHandle
 * @property {string} name
 * @property {import('node:child_process').ChildProcess} child
 * @property {string[]} lines the last lines of its output
 * @property {boolean} exited
 * @property {number | string | null} code exit code or signal
 * @property {Promise<void>} done settles when it has exited
 * @property {() => Promise<void>} stop SIGTERM, then SIGKILL after 8 s
 */

/**
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @returns {ChildProcessHandle}
 */
const startChild = (name, command, args, keep = 200) => {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  /** @type {ChildProcessHandle} */
  const proc = {
    name,
    child,
    lines: [],
    exited: false,
    code: null,
    done: Promise.resolve(),
    stop: async () => {},
  };
  /** @param {Buffer} chunk */
  const collect = (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      proc.lines.push(line);
      if (proc.lines.length > keep) proc.lines.shift();
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  proc.done = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      proc.exited = true;
      proc.code = code ?? signal;
      resolve();
    });
    // A command that cannot be spawned emits 'error' and never 'exit'.
    child.on('error', (err) => {
      proc.exited = true;
      proc.code = err.message;
      resolve();
    });
  });
  proc.stop = async () => {
    if (proc.exited) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 8000);
    await proc.done;
    clearTimeout(killer);
  };
  return proc;
};

/**
 * Polls GET url until it answers 200; fails early, with the child's last lines, if the child exits.
 * @param {ChildProcessHandle} proc
 * @param {string} url
 * @param {{ timeoutMs?: number, headers?: Record<string, string> }} [options]
 */
const waitUntilAnswering = async (proc, url, { timeoutMs = 30_000, headers = {} } = {}) => {
  const started = Date.now();
  const tail = () => proc.lines.slice(-30).join('\n');
  while (Date.now() - started < timeoutMs) {
    if (proc.exited) throw new Error(`${proc.name} exited (${proc.code}) before ${url} answered:\n${tail()}`);
    try {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${tail()}`);
};

module.exports = { freePort, sleep, startChild, waitUntilAnswering };
