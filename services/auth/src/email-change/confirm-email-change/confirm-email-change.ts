import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@portal/contracts';
import { type Caller, InjectContext, isUniqueViolation, type UseCaseKit } from '@portal/server-kit';
import { emailTaken, userNotFound } from '../../auth.errors';
import { UserRepository } from '../../accounts/user.repository';
import { AccountLinks } from '../../links/account-links';
import { AccountNotices } from '../../notices/account-notices';
import { PersonRepository } from '../../persons/person.repository';
import { TokenService } from '../../sessions/token.service';

/**
 * POST confirmEmailUpdate {token}: the mailed link is the proof, so no session is needed. The account
 * and its person move to the new address, every session ends, and the old address is told.
 */
@Injectable()
export class ConfirmEmailChange {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
    private readonly persons: PersonRepository,
    private readonly links: AccountLinks,
    private readonly tokens: TokenService,
    private readonly notices: AccountNotices,
  ) {}

  async execute(token: string, caller: Caller): Promise<{ message: string; email: string }> {
    let result;
    try {
      result = await this.kit.transaction(async (tx) => {
        const link = await this.links.consume(tx, token, ['EMAIL_CHANGE']);
        const user = await this.users.findById(tx, link.userId);
        if (!user) throw userNotFound();
        const newEmail = String(link.payload?.newEmail);
        await this.users.setProvedEmail(tx, user.id, newEmail);
        await this.persons.setEmail(tx, user.personId, newEmail);
        const revoked = await this.tokens.revokeFamilies(tx, user.id);
        await this.kit.events.record(tx, 'auth.email-changed', {
          userId: user.id,
          personId: user.personId,
          oldEmail: user.email,
          newEmail,
        });
        await this.kit.audit.record(tx, caller, {
          actorId: user.id,
          action: 'auth.email-changed',
          resourceType: 'user',
          resourceId: user.id,
          subjectId: user.id,
        });
        return { user, newEmail, revoked };
      });
    } catch (e) {
      // Someone took the address between the request and the click.
      if (isUniqueViolation(e)) throw emailTaken();
      throw e;
    }
    this.tokens.revokeLocally(result.revoked);
    await this.notices.send('ACCOUNT_EMAIL_ADDRESS_CHANGED_NOTIFICATION', result.user, result.user.email);
    return { message: MESSAGES.emailUpdated, email: result.newEmail };
  }
}
