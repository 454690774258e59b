// Shared helpers of the benchmarks: fresh databases, processes that are always stopped, health waits,
// sign-in, figures printed next to their targets. Everything targets 127.0.0.1 only.
'use strict';
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const ADMIN_DB_URL =
  process.env.BENCH_ADMIN_DATABASE_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const cleanups = [];
let cleaning;
/** Runs every registered cleanup once, newest first (on success, error, timeout or signal). */
const cleanup = () =>
  (cleaning ??= (async () => {
    while (cleanups.length) {
      const fn = cleanups.pop();
      try {
        await fn();
      } catch (err) {
        process.stderr.write(`cleanup: ${err.message}\n`);
      }
    }
  })());
const onCleanup = (fn) => cleanups.push(fn);

/** A benchmark that cannot run on this machine (a system tool missing): runBench prints the reason alone. */
class CannotRun extends Error {}

/** Runs a benchmark's main with cleanup always, a hard time limit, and the process's exit code. */
const runBench = (name, main, { timeoutMs = 300_000 } = {}) => {
  const fail = async (reason) => {
    process.stderr.write(`[${name}] ${reason}\n`);
    await cleanup();
    process.exit(1);
  };
  process.on('SIGINT', () => void fail('interrupted'));
  process.on('SIGTERM', () => void fail('terminated'));
  const timer = setTimeout(() => void fail(`time limit of ${timeoutMs / 1000} s reached`), timeoutMs);
  timer.unref();
  main()
    .then(async () => {
      await cleanup();
      clearTimeout(timer);
      process.exit(0);
    })
    .catch((err) => fail(err instanceof CannotRun ? err.message : err.stack || String(err)));
};

const handedOut = new Set();
/** A port free on 127.0.0.1 right now, never one this process was already given. */
const freePort = async () => {
  for (;;) {
    const port = await new Promise((resolve, reject) => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port: p } = server.address();
        server.close(() => resolve(p));
      });
      server.once('error', reject);
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
};

/**
 * The port named by the environment variable `name` when it is set (BENCH_INBOX_PORT=9412 and the like),
 * else one free right now: a benchmark never assumes a fixed port, so it runs beside a portal that is
 * already up (8080, the local payment processor on 8099, SMTP capture on 2525, PostgreSQL on 54329...).
 */
const envPort = async (name) => {
  const value = process.env[name];
  if (!value) return freePort();
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`${name}=${value} is not a TCP port`);
  return port;
};

const portAnswers = (port) =>
  new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

const assertPortFree = async (port) => {
  if (await portAnswers(port)) throw new Error(`port ${port} is already in use`);
};

/** A fresh database on the PostgreSQL server at 127.0.0.1:5432 (or BENCH_ADMIN_DATABASE_URL), dropped at cleanup. */
const freshDatabase = async (label) => {
  const { Client } = require('pg');
  const name = `bench_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_DB_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  onCleanup(async () => {
    const c = new Client({ connectionString: ADMIN_DB_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  const url = new URL(ADMIN_DB_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A temporary folder (never the default .data), removed at cleanup. */
const tempDir = (label) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-bench-${label}-`));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** Environment of a child without the knobs that would point it elsewhere than asked. */
const baseEnv = (extra) => {
  const env = { ...process.env };
  for (const k of Object.keys(env))
    if (
      /^(DATABASE_URL|NATS_URL|SMTP_URL|GATEWAY_MODE|PORTAL_DATA_DIR|EMBEDDED_PG_PORT|AUTH_JWKS_URL|[A-Z]+_URL)$/.test(
        k,
      )
    )
      delete env[k];
  return { ...env, HOST: '127.0.0.1', ...extra };
};

/** Starts a node process (or `command`), keeps the tail of its output, stops it (SIGTERM then SIGKILL) at cleanup. */
const startProcess = (name, args, env, { keep = 200, command = process.execPath } = {}) => {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc = { name, child, lines: [], exited: false, code: null };
  const collect = (b) => {
    for (const l of b.toString().split('\n')) {
      if (!l) continue;
      proc.lines.push(l);
      if (proc.lines.length > keep) proc.lines.shift();
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  proc.done = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      proc.exited = true;
      proc.code = code ?? signal;
      resolve();
    }),
  );
  proc.stop = async () => {
    if (proc.exited) return;
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 8000);
    await proc.done;
    clearTimeout(t);
  };
  onCleanup(proc.stop);
  return proc;
};

/** Polls GET url until 200; fails early if the process exits, with its last log lines. */
const waitHealthy = async (proc, url, timeoutMs = 90_000) => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (proc.exited)
      throw new Error(
        `${proc.name} exited (${proc.code}) before ${url} answered:\n${proc.lines.slice(-30).join('\n')}`,
      );
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return Date.now() - started;
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  throw new Error(`${url} not healthy within ${timeoutMs / 1000} s:\n${proc.lines.slice(-30).join('\n')}`);
};

/** Waits until something accepts connections on 127.0.0.1:port; fails early if the process exits. */
const waitListening = async (proc, port, timeoutMs = 30_000) => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (proc.exited)
      throw new Error(
        `${proc.name} exited (${proc.code}) before port ${port} answered:\n${proc.lines.slice(-30).join('\n')}`,
      );
    if (await portAnswers(port)) return;
    await sleep(50);
  }
  throw new Error(
    `port ${port} not listening within ${timeoutMs / 1000} s:\n${proc.lines.slice(-30).join('\n')}`,
  );
};

/**
 * The gateway (embedded or proxy mode) as its own process on `port` (else a free one), on `databaseUrl`
 * (else a fresh database), or with `embeddedPgPort` on the embedded PostgreSQL it starts and supervises
 * itself, under its data folder.
 */
const startGateway = async (label, { port: asked, env = {}, databaseUrl, embeddedPgPort }) => {
  const port = asked ?? (await freePort());
  await assertPortFree(port);
  const dataDir = env.PORTAL_DATA_DIR || tempDir(label);
  const database = embeddedPgPort
    ? { EMBEDDED_PG_PORT: String(embeddedPgPort) }
    : { DATABASE_URL: databaseUrl ?? (await freshDatabase(label)) };
  const proc = startProcess(
    `gateway-${label}`,
    [
      '-e',
      "require('./services/gateway/dist/main.js').startGateway().catch((e) => { console.error(e); process.exit(1); })",
    ],
    baseEnv({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...database,
      PORTAL_DATA_DIR: dataDir,
      SMTP_CAPTURE_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      // The demo's 300-slice CT is generated and stored in the background after the gateway is up (about
      // 20 s of one core): a benchmark measuring anything else would share the machine with it. The
      // ones that read the CT ask for it (DEMO_CT_SLICES in their env).
      DEMO_CT_SLICES: '0',
      ...env,
    }),
  );
  const ms = await waitHealthy(proc, `http://127.0.0.1:${port}/health`);
  return { proc, url: `http://127.0.0.1:${port}`, startMs: ms, dataDir };
};

const login = async (base, username = 'patient@example.com', password = 'Demo-Portal-1') => {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': 'bench' },
    body: JSON.stringify({ username, password }),
  });
  const body = await res.json();
  if (!body.token) throw new Error(`login ${username}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body;
};

/** autocannon's programmatic API, awaited; prints nothing itself. */
const cannon = (opts) => {
  const autocannon = require('autocannon');
  return new Promise((resolve, reject) => {
    autocannon({ connections: 100, duration: 10, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
};

const summarise = (r) => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  total: r.requests.total,
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
});

const met = (ok) => (ok ? 'MET' : 'MISSED');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** One line for bench/run.cjs's summary table: `BENCH_RESULT {"bench":..,"metric":..,"value":..,"target":..,"status":..}`. */
const result = (bench, metric, value, target, status) => {
  process.stdout.write(`BENCH_RESULT ${JSON.stringify({ bench, metric, value, target, status })}\n`);
};

/**
 * A system tool the benchmark needs, made present by `ensure` (which installs it with apt-get when missing
 * and returns what the bench uses, e.g. its path). When it cannot be, one ERROR row says which tool and
 * why, and the benchmark stops with that reason (no stack trace).
 */
const needTool = (bench, tool, ensure) => {
  try {
    return ensure();
  } catch (err) {
    const reason = String(err?.message ?? err).split('\n')[0];
    console.log(`${bench}: cannot run: ${tool} is not available (${reason})`);
    result(bench, `${tool} not available: ${reason}`, '-', '-', 'ERROR');
    throw new CannotRun(`${tool} is not available: ${reason}`);
  }
};

/** Debian's Chromium (e2e/ensure-chromium.cjs installs it with apt-get when missing); its path. */
const ensureChromium = () => {
  require('../e2e/ensure-chromium.cjs');
  const file = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(file)) throw new Error(`${file} is still missing after apt-get install chromium`);
  return file;
};

/** CPU seconds a process has used so far, every thread of it (the event loop, GC, the file threads, workers). */
const cpuSeconds = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime in USER_HZ ticks
};

/**
 * Waits until a process has been quiet (under 5% of a core) for two half seconds running, at most
 * `maxMs`: work it does in the background after it answers (the demo seed's CT, its thumbnails) would
 * otherwise be timed with whatever the benchmark measures. Resolves with how long it waited.
 */
const waitIdle = async (pid, maxMs = 90_000) => {
  const started = Date.now();
  let quiet = 0;
  let before = cpuSeconds(pid);
  while (quiet < 2 && Date.now() - started < maxMs) {
    await sleep(500);
    const now = cpuSeconds(pid);
    quiet = now - before < 0.025 ? quiet + 1 : 0;
    before = now;
  }
  return Date.now() - started;
};

module.exports = {
  root,
  sleep,
  cpuSeconds,
  waitIdle,
  onCleanup,
  cleanup,
  runBench,
  freePort,
  envPort,
  portAnswers,
  assertPortFree,
  freshDatabase,
  tempDir,
  baseEnv,
  startProcess,
  waitHealthy,
  waitListening,
  startGateway,
  login,
  cannon,
  summarise,
  met,
  kb,
  result,
  needTool,
  ensureChromium,
};
