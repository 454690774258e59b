import { MESSAGES } from '@portal/contracts';
import { AppError } from './app-error';

/** The SQLSTATE of a pg error, whether it comes bare or wrapped by TypeORM's QueryFailedError. */
export const sqlStateOf = (exception: unknown): string | undefined => {
  const e = exception as { code?: unknown; driverError?: { code?: unknown } } | undefined;
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
};

/**
 * Class 22 is PostgreSQL refusing a value (a NUL byte in text, a malformed uuid, a number out of
 * range, a string too long): the request carried it, so the answer is a 400 and not the server's fault.
 */
export const databaseRefusal = (exception: unknown): AppError | undefined =>
  sqlStateOf(exception)?.startsWith('22')
    ? new AppError('REQUEST.VALIDATION_FAILED', MESSAGES.valueNotAccepted)
    : undefined;
