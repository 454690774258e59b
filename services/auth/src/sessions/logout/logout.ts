import { Injectable } from '@nestjs/common';
import { type Caller, type CurrentUserClaims, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { TokenService } from '../token.service';

/** POST logout: ends every session of the user at once (refresh tokens revoked, access tokens refused everywhere). */
@Injectable()
export class Logout {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly tokens: TokenService,
  ) {}

  async execute(user: CurrentUserClaims, caller: Caller): Promise<{ ok: true }> {
    const revoked = await this.kit.transaction(async (tx) => {
      const ids = await this.tokens.revokeFamilies(tx, user.sub);
      await this.kit.audit.record(tx, caller, {
        action: 'auth.logout',
        resourceType: 'user',
        resourceId: user.sub,
        subjectId: user.sub,
      });
      return ids;
    });
    this.tokens.revokeLocally([...revoked, user.sid]);
    return { ok: true };
  }
}
