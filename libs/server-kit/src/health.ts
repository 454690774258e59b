import type { FastifyReply } from 'fastify';
import { embeddedDatabaseReport } from './database/embedded';

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

/** 200 only when everything is up; 503 names what is not. */
export const sendHealth = (reply: FastifyReply, report: HealthReport): FastifyReply => reply.status(report.status === 'ok' ? 200 : 503).send(report);

/**
 * The embedded PostgreSQL this process supervises, when it does one: running, restarting (after it
 * died), its restarts and last exit. Spread into a health report.
 */
export const supervisedDatabase = (): { embeddedDatabase?: ReturnType<typeof embeddedDatabaseReport> } => {
  const report = embeddedDatabaseReport();
  return report ? { embeddedDatabase: report } : {};
};
