import { MESSAGES } from '@portal/contracts';
import { AppError, type ContextKit, type RequestMetaValue } from '@portal/server-kit';
import { verifyPassword } from '../tokens/passwords';

/** Failed sign-ins an account may take in an hour (spec of the accounts issue). */
export const MAX_FAILED_LOGINS_PER_HOUR = 100;

/**
 * Failures of the last hour that came after the last password change: setting a new password through
 * the mailed link lifts the limit at once, so an attacker who keeps failing cannot lock the owner out.
 */
const RECENT_FAILURES_SQL = `
  SELECT count(*)::int AS n, extract(epoch FROM min(at) + interval '1 hour' - now())::int AS retry
  FROM auth.audit_log
  WHERE subject_id = $1 AND action = 'auth.login-failed' AND at > now() - interval '1 hour'
    AND at > coalesce((SELECT max(at) FROM auth.audit_log WHERE subject_id = $1 AND action = 'auth.password-set'), '-infinity')`;

export const refuseWhenTooManyFailures = async (kit: ContextKit, userId: string): Promise<void> => {
  const [{ n, retry }]: Array<{ n: number; retry: number | null }> = await kit.ds.query(RECENT_FAILURES_SQL, [userId]);
  if (n >= MAX_FAILED_LOGINS_PER_HOUR) {
    throw new AppError('AUTH.TOO_MANY_ATTEMPTS', MESSAGES.tooManyAttempts, undefined, { 'retry-after': String(Math.max(1, retry ?? 3600)) });
  }
};

/**
 * Re-authentication inside a signed-in session (password change, account removal): a wrong current
 * password counts as a failed sign-in, so these calls cannot be used to guess it faster than login.
 */
export const checkCurrentPassword = async (kit: ContextKit, user: { id: string; passwordHash: string | null }, password: string, meta: RequestMetaValue): Promise<void> => {
  await refuseWhenTooManyFailures(kit, user.id);
  if (await verifyPassword(user.passwordHash, password)) return;
  await kit.audit.record(kit.ds, { actorId: user.id, action: 'auth.login-failed', resourceType: 'user', resourceId: user.id, subjectId: user.id, ip: meta.ip, requestId: meta.requestId, detail: { reauth: true } });
  throw new AppError('REQUEST.VALIDATION_FAILED', MESSAGES.currentPasswordIncorrect, { currentPassword: MESSAGES.currentPasswordIncorrect });
};
