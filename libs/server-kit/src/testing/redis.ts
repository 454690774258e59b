import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as net from 'node:net';
import { loadConfig } from '../config';
import { freePort } from './index';

const answers = (port: number, host = '127.0.0.1'): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });

const waitUntilAnswers = async (port: number, child: ChildProcess): Promise<void> => {
  const deadline = Date.now() + 10_000;
  while (!(await answers(port))) {
    if (child.exitCode !== null)
      throw new Error(`redis-server exited (${child.exitCode}) before it listened`);
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port} within 10 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/**
 * A Redis for tests that share rate limits: REDIS_URL, else the machine's on 127.0.0.1:6379 when it
 * answers, else a redis-server (Debian's package) started here on a free port. Every call gets a key
 * prefix of its own, so test runs sharing one Redis never count each other's hits.
 */
export const testRedis = async (): Promise<{
  redisUrl: string;
  redisKeyPrefix: string;
  stop: () => Promise<void>;
}> => {
  const redisKeyPrefix = `portal-test-${randomBytes(5).toString('hex')}:`;
  const given = loadConfig().redisUrl ?? 'redis://127.0.0.1:6379';
  const url = new URL(given);
  if (await answers(Number(url.port || 6379), url.hostname))
    return { redisUrl: given, redisKeyPrefix, stop: async () => undefined };
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (err) =>
      reject(
        new Error(
          `no Redis at ${given} and redis-server could not start (${err.message}): install Debian's redis-server or set REDIS_URL`,
        ),
      ),
    );
  });
  await spawned;
  await waitUntilAnswers(port, child);
  return {
    redisUrl: `redis://127.0.0.1:${port}`,
    redisKeyPrefix,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
};
