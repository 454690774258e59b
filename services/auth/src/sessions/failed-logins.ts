import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { currentPasswordWrong, tooManyAttempts } from '../auth.errors';
import { LoginAttemptRepository } from './login-attempt.repository';
import { verifyPassword } from './passwords';

/** Failed sign-ins an account may take in an hour (spec of the accounts issue). */
export const MAX_FAILED_LOGINS_PER_HOUR = 100;

/**
 * The failed-sign-in rule: after 100 failures within an hour (counted since the last password change,
 * so the owner's reset lifts it at once) every sign-in of the account is refused with Retry-After.
 */
@Injectable()
export class FailedLogins {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly attempts: LoginAttemptRepository,
  ) {}

  async refuseWhenTooMany(userId: string): Promise<void> {
    const { count, retryInSeconds } = await this.attempts.recentFailures(this.kit.db, userId);
    if (count >= MAX_FAILED_LOGINS_PER_HOUR) throw tooManyAttempts(retryInSeconds ?? 3600);
  }

  /** A failed sign-in is an audit row; the rule above counts those rows. */
  recordFailure(userId: string | null, caller: Caller, detail?: Record<string, unknown>): Promise<void> {
    return this.kit.audit.record(this.kit.db, caller, {
      actorId: userId,
      action: 'auth.login-failed',
      resourceType: 'user',
      resourceId: userId,
      subjectId: userId,
      detail,
    });
  }

  /**
   * Re-authentication inside a signed-in session (password change, account removal): a wrong current
   * password counts as a failed sign-in, so these calls cannot be used to guess it faster than login.
   */
  async checkCurrentPassword(
    user: { id: string; passwordHash: string | null },
    password: string,
    caller: Caller,
  ): Promise<void> {
    await this.refuseWhenTooMany(user.id);
    if (await verifyPassword(user.passwordHash, password)) return;
    await this.recordFailure(user.id, caller, { reauth: true });
    throw currentPasswordWrong();
  }
}
