import { Injectable } from '@nestjs/common';
import { type LoginResponse, MESSAGES } from '@portal/contracts';
import { type Caller, type CurrentUserClaims, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { accountGone } from '../../auth.errors';
import { UserRepository } from '../../accounts/user.repository';
import { AccountNotices } from '../../notices/account-notices';
import { FailedLogins } from '../../sessions/failed-logins';
import { hashPassword } from '../../sessions/passwords';
import { SessionService } from '../../sessions/session.service';
import { TokenService } from '../../sessions/token.service';

/**
 * PUT or POST updatePassword: the current password again (a wrong one counts as a failed sign-in),
 * then every session of the user ends (stolen ones too) and the answer opens a fresh one, so the tab
 * that changed the password stays signed in. The notice is mailed after the commit.
 */
@Injectable()
export class ChangePassword {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
    private readonly failedLogins: FailedLogins,
    private readonly sessions: SessionService,
    private readonly tokens: TokenService,
    private readonly notices: AccountNotices,
  ) {}

  async execute(
    claims: CurrentUserClaims,
    input: { currentPassword: string; newPassword: string },
    caller: Caller,
  ): Promise<LoginResponse & { message: string }> {
    const user = await this.users.findById(this.kit.db, claims.sub);
    if (!user) throw accountGone();
    await this.failedLogins.checkCurrentPassword(user, input.currentPassword, caller);
    const passwordHash = await hashPassword(input.newPassword);
    const { answer, revoked } = await this.kit.transaction(async (tx) => {
      await this.users.setPassword(tx, user.id, passwordHash);
      const revoked = await this.tokens.revokeFamilies(tx, user.id);
      await this.kit.audit.record(tx, caller, {
        action: 'auth.password-set',
        resourceType: 'user',
        resourceId: user.id,
        subjectId: user.id,
        detail: { purpose: 'CHANGE' },
      });
      return { answer: await this.sessions.open(tx, user, false), revoked };
    });
    this.tokens.revokeLocally(revoked);
    await this.notices.send('ACCOUNT_PASSWORD_CHANGED_NOTIFICATION', user, user.email);
    return { message: MESSAGES.passwordChanged, ...answer };
  }
}
