import { Injectable } from '@nestjs/common';
import { type LoginResponse, providerRequestDetailPath } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { invalidLoginAsToken } from '../../auth.errors';
import { UserRepository } from '../../accounts/user.repository';
import { AccountLinks } from '../../links/account-links';
import { SessionService } from '../../sessions/session.service';

/**
 * GET login-as-user/{token} and loginWithPhoneUser/{token}: the single-use token of a login-as, phone
 * or facility-access link becomes a session. A facility-access link (issue 24) also says where to land:
 * the one request it was mailed for, taken from the stored link, never from the caller.
 */
@Injectable()
export class SignInWithLink {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
    private readonly links: AccountLinks,
    private readonly sessions: SessionService,
  ) {}

  execute(token: string, caller: Caller): Promise<LoginResponse> {
    return this.kit.transaction(async (tx) => {
      const link = await this.links.consume(tx, token, ['LOGIN_AS', 'PHONE_LOGIN', 'FACILITY_ACCESS']);
      const user = await this.users.findById(tx, link.userId);
      if (!user) throw invalidLoginAsToken();
      await this.kit.audit.record(tx, caller, {
        actorId: user.id,
        action: `auth.login-by-${link.purpose.toLowerCase().replace(/_/g, '-')}`,
        resourceType: 'user',
        resourceId: user.id,
        subjectId: user.id,
      });
      const session = await this.sessions.open(tx, user, false);
      const requestId = link.purpose === 'FACILITY_ACCESS' ? link.payload?.patientRequestId : undefined;
      return typeof requestId === 'string'
        ? { ...session, landing: providerRequestDetailPath(requestId) }
        : session;
    });
  }
}
