import { MESSAGES } from '@portal/contracts';
import { AppError } from './app-error';

/** Node socket errors of a server that is gone, refusing, or cut off. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs that say the server, not the statement, is the problem: 57P01 admin shutdown, 57P02 crash
 * shutdown, 57P03 cannot connect now (starting or recovering), 53300 too many connections, 57014
 * statement cancelled by statement_timeout. Class 08 (connection exceptions) is matched by prefix.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** Messages of pg, pg-pool and TypeORM when a connection breaks or a wait runs out. */
const MESSAGES_OF_UNAVAILABLE = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /not queryable/i,
  /connection (is )?closed/i,
  /terminating connection/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /driver not connected/i,
  // TypeORM released the query runner when its connection broke mid-transaction; the next statement says so.
  /query runner (was )?already released/i,
  /cannot use a pool after calling end/i,
];

const causes = (e: unknown): unknown[] => {
  if (!e || typeof e !== 'object') return [];
  const o = e as { driverError?: unknown; cause?: unknown; errors?: unknown };
  return [o.driverError, o.cause, ...(Array.isArray(o.errors) ? o.errors : [])].filter(Boolean);
};

/**
 * Whether a failure means a dependency (PostgreSQL, the event bus) is unreachable or stuck, rather
 * than a bug or a bad request. Follows TypeORM's driverError, `cause` and AggregateError's errors
 * (Node's connect to several addresses), a few levels deep.
 */
export const isUnavailable = (e: unknown, depth = 0): boolean => {
  if (!e || typeof e !== 'object' || depth > 4) return false;
  if (e instanceof AppError) return e.code === 'SERVICE.UNAVAILABLE';
  const { code, message } = e as { code?: unknown; message?: unknown };
  if (
    typeof code === 'string' &&
    (SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
  )
    return true;
  if (typeof message === 'string' && MESSAGES_OF_UNAVAILABLE.some((re) => re.test(message))) return true;
  return causes(e).some((c) => isUnavailable(c, depth + 1));
};

/** The 503 a caller sees while a dependency is down: the shared message, and when to try again. */
export const serviceUnavailable = (retryAfterSeconds: number): AppError =>
  new AppError('SERVICE.UNAVAILABLE', MESSAGES.serviceUnavailable, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
