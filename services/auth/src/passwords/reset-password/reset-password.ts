import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit, isUuid } from '@portal/server-kit';
import { userNotFound } from '../../auth.errors';
import { UserRepository } from '../../accounts/user.repository';
import { EmailProofs } from '../../email-verification/email-proofs';
import { AccountLinks, type LinkPurpose, PASSWORD_LINKS } from '../../links/account-links';
import { AccountNotices } from '../../notices/account-notices';
import { hashPassword } from '../../sessions/passwords';
import { TokenService } from '../../sessions/token.service';

/**
 * POST resetPassword. With a mailed token: sets the password, uses up every password link of the
 * account, ends every session and mails a notice; the link reached the mailbox, so the address is proved. With tokenId (the NEW_PASSWORD_REQUIRED challenge,
 * whose token is a user id anyone could know): nothing is set; a fresh set-password link goes to the
 * account's own mailbox.
 */
@Injectable()
export class ResetPassword {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
    private readonly links: AccountLinks,
    private readonly tokens: TokenService,
    private readonly notices: AccountNotices,
    private readonly proofs: EmailProofs,
  ) {}

  async execute(
    input: { token: string; newPassword?: string; tokenId?: boolean },
    caller: Caller,
  ): Promise<{ message: string }> {
    if (input.tokenId) return this.resendSetPasswordLink(input.token, caller);
    const { user, revoked } = await this.kit.transaction(async (tx) => {
      const link = await this.links.consume(tx, input.token, PASSWORD_LINKS);
      const found = await this.users.findById(tx, link.userId);
      if (!found) throw userNotFound();
      await this.links.retire(tx, found.id, PASSWORD_LINKS);
      // Hashed only once the link is known good: a bogus token on this public route costs no argon2 run.
      await this.users.setPassword(tx, found.id, await hashPassword(input.newPassword!));
      const revoked = await this.tokens.revokeFamilies(tx, found.id);
      await this.proofs.prove(tx, found, found.email, link.purpose as LinkPurpose, caller);
      await this.kit.audit.record(tx, caller, {
        actorId: found.id,
        action: 'auth.password-set',
        resourceType: 'user',
        resourceId: found.id,
        subjectId: found.id,
        detail: { purpose: link.purpose },
      });
      return { user: found, revoked };
    });
    this.tokens.revokeLocally(revoked);
    await this.notices.send('ACCOUNT_PASSWORD_CHANGED_NOTIFICATION', user, user.email);
    return { message: MESSAGES.passwordChanged };
  }

  private async resendSetPasswordLink(userId: string, caller: Caller): Promise<{ message: string }> {
    const user = isUuid(userId) ? await this.users.findById(this.kit.db, userId) : null;
    if (user && user.passwordHash === null)
      await this.links.mail(user, 'SET_PASSWORD', { caller, action: 'auth.set-password-link-sent' });
    return { message: MESSAGES.setPasswordSent };
  }
}
