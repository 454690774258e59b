import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { embeddedDatabaseReport } from './database/embedded';
import { isLocalCaller } from './http/client-address';

/** The header that shows /health's details to support tooling off this machine (SUPPORT_API_KEY). */
export const SUPPORT_KEY_HEADER = 'x-support-key';

export type DependencyState = 'up' | 'down';

/** What /health answers: the process's own state and each dependency named by what it is. */
export interface HealthReport {
  /** ok: everything up; degraded: the database answers, the event bus does not (writes still work); down: the database does not. */
  status: 'ok' | 'degraded' | 'down';
  database: DependencyState;
  events: DependencyState;
  [detail: string]: unknown;
}

/** A probe that takes longer than this counts as down: /health must answer while a dependency hangs. */
export const HEALTH_PROBE_MS = 2000;

export const healthStatus = (database: DependencyState, events: DependencyState): HealthReport['status'] =>
  database === 'down' ? 'down' : events === 'down' ? 'degraded' : 'ok';

/** Resolves 'up' when the probe succeeds within HEALTH_PROBE_MS, 'down' otherwise. */
export const probe = (check: () => Promise<unknown>): Promise<DependencyState> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve('down'), HEALTH_PROBE_MS);
    check().then(
      () => (clearTimeout(timer), resolve('up')),
      () => (clearTimeout(timer), resolve('down')),
    );
  });

const keyMatches = (given: unknown, key: string | undefined): boolean => {
  if (!key || typeof given !== 'string') return false;
  const [a, b] = [Buffer.from(given), Buffer.from(key)];
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * 200 only when everything is up; 503 otherwise. What is down, pids, restarts and modes are for this
 * machine (a local caller, see isLocalCaller) or support tooling with SUPPORT_API_KEY; anyone else learns
 * only the status.
 */
export const sendHealth = (
  reply: FastifyReply,
  report: HealthReport,
  supportApiKey?: string,
): FastifyReply => {
  const req = reply.request;
  const detailed = isLocalCaller(req.raw) || keyMatches(req.headers[SUPPORT_KEY_HEADER], supportApiKey);
  return reply.status(report.status === 'ok' ? 200 : 503).send(detailed ? report : { status: report.status });
};

/**
 * The embedded PostgreSQL this process supervises, when it does one: running, restarting (after it
 * died), its restarts and last exit. Spread into a health report.
 */
export const supervisedDatabase = (): { embeddedDatabase?: ReturnType<typeof embeddedDatabaseReport> } => {
  const report = embeddedDatabaseReport();
  return report ? { embeddedDatabase: report } : {};
};
