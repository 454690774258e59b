import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';

/**
 * Failures of the last hour that came after the last password change, read from the audit log where
 * every sign-in is recorded: setting a new password through the mailed link lifts the limit at once.
 */
const RECENT_FAILURES_SQL = `
  SELECT count(*)::int AS n, extract(epoch FROM min(at) + interval '1 hour' - now())::int AS retry
  FROM auth.audit_log
  WHERE subject_id = $1 AND action = 'auth.login-failed' AND at > now() - interval '1 hour'
    AND at > coalesce((SELECT max(at) FROM auth.audit_log WHERE subject_id = $1 AND action = 'auth.password-set'), '-infinity')`;

@Injectable()
export class LoginAttemptRepository {
  /** How many sign-ins of the account failed within the hour, and in how many seconds the oldest ages out. */
  async recentFailures(
    db: Queryable,
    userId: string,
  ): Promise<{ count: number; retryInSeconds: number | null }> {
    const [{ n, retry }]: Array<{ n: number; retry: number | null }> = await db.query(RECENT_FAILURES_SQL, [
      userId,
    ]);
    return { count: n, retryInSeconds: retry };
  }
}
