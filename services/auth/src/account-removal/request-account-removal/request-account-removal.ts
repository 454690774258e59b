import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@portal/contracts';
import { type Caller, type CurrentUserClaims, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { accountGone } from '../../auth.errors';
import { UserRepository } from '../../accounts/user.repository';
import { AccountLinks } from '../../links/account-links';
import { FailedLogins } from '../../sessions/failed-logins';

/**
 * POST accountRemovalRequest {currentPassword}: the first of two steps; the password again, then a
 * one-hour link to the account's own address. Nothing is removed on a single stolen factor.
 */
@Injectable()
export class RequestAccountRemoval {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
    private readonly failedLogins: FailedLogins,
    private readonly links: AccountLinks,
  ) {}

  async execute(
    claims: CurrentUserClaims,
    currentPassword: string,
    caller: Caller,
  ): Promise<{ message: string }> {
    const user = await this.users.findById(this.kit.db, claims.sub);
    if (!user) throw accountGone();
    await this.failedLogins.checkCurrentPassword(user, currentPassword, caller);
    await this.links.mail(user, 'ACCOUNT_REMOVAL', { caller, action: 'auth.account-removal-requested' });
    return { message: MESSAGES.accountRemovalSent };
  }
}
