import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@portal/contracts';
import { type Caller, type CurrentUserClaims, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { UserRepository } from '../../accounts/user.repository';
import { AccountLinks } from '../../links/account-links';
import { TokenService } from '../../sessions/token.service';
import { ConnectedApps } from '../../smart/connected-apps/connected-apps';

/**
 * POST confirmAccountRemoval {token}: the mailed link, opened while signed in as the same account,
 * removes the account, its person, family and settings in one transaction and ends every session
 * and every connected app's access.
 */
@Injectable()
export class ConfirmAccountRemoval {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
    private readonly links: AccountLinks,
    private readonly tokens: TokenService,
    private readonly apps: ConnectedApps,
  ) {}

  async execute(claims: CurrentUserClaims, token: string, caller: Caller): Promise<{ message: string }> {
    const revoked = await this.kit.transaction(async (tx) => {
      await this.links.consume(tx, token, ['ACCOUNT_REMOVAL'], { userId: claims.sub });
      const revoked = [
        ...(await this.tokens.revokeFamilies(tx, claims.sub)),
        ...(await this.apps.revokeAll(tx, claims.sub)),
      ];
      await this.kit.events.record(tx, 'auth.account-removed', {
        userId: claims.sub,
        personId: claims.personId,
      });
      // The audit row outlives the account (the log is append-only and keeps no personal data).
      await this.kit.audit.record(tx, caller, {
        action: 'auth.account-removed',
        resourceType: 'user',
        resourceId: claims.sub,
        subjectId: claims.sub,
      });
      await this.users.remove(tx, claims.sub);
      return revoked;
    });
    this.tokens.revokeLocally(revoked);
    return { message: MESSAGES.accountRemoved };
  }
}
