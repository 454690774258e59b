import { Injectable } from '@nestjs/common';
import { CHALLENGE_NEW_PASSWORD, type LoginAnswer } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { invalidCredentials } from '../../auth.errors';
import { UserRepository } from '../../accounts/user.repository';
import { AccountRateLimit } from '../../limits/account-rate-limit';
import { FailedLogins } from '../failed-logins';
import { verifyPassword } from '../passwords';
import { SessionService, toUserRole } from '../session.service';

/**
 * POST login {username, password, remember}: per-account limit, the failed-sign-in rule, argon2id
 * verify (against a dummy hash when there is no account, so timing reveals nothing), an audit row
 * either way, then a new session.
 */
@Injectable()
export class Login {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
    private readonly sessions: SessionService,
    private readonly failedLogins: FailedLogins,
    private readonly limit: AccountRateLimit,
  ) {}

  async execute(
    input: { username: string; password: string; remember?: boolean },
    caller: Caller,
  ): Promise<LoginAnswer> {
    await this.limit.hit('login', input.username);
    const user = await this.users.findByEmail(this.kit.db, input.username);
    if (user && user.passwordHash === null) {
      return {
        token: null,
        role: toUserRole(user.activeRole, true),
        userId: user.id,
        challenge: CHALLENGE_NEW_PASSWORD,
        user: null,
      };
    }
    if (user) await this.failedLogins.refuseWhenTooMany(user.id);
    // Verified even without an account (against a dummy hash), so the answer time does not tell.
    const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !ok) {
      await this.failedLogins.recordFailure(user?.id ?? null, caller);
      throw invalidCredentials();
    }
    return this.kit.transaction(async (tx) => {
      await this.kit.audit.record(tx, caller, {
        actorId: user.id,
        action: 'auth.login',
        resourceType: 'user',
        resourceId: user.id,
        subjectId: user.id,
      });
      return this.sessions.open(tx, user, input.remember ?? false);
    });
  }
}
