import { Injectable } from '@nestjs/common';
import { MESSAGES, type VerifyEmailAnswer } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { UserRepository } from '../../accounts/user.repository';
import { linkNoLongerValid } from '../../auth.errors';
import { AccountLinks } from '../../links/account-links';
import { EmailProofs } from '../email-proofs';

/**
 * POST verifyEmail {token}: the link mailed at sign-up (no session needed, the link is the proof). It
 * proves the address it was mailed to, once; a link of an address the account no longer has, or of a
 * removed account, is no longer valid. Following it again after the proof answers the same success.
 */
@Injectable()
export class VerifyEmail {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
    private readonly links: AccountLinks,
    private readonly proofs: EmailProofs,
  ) {}

  execute(token: string, caller: Caller): Promise<VerifyEmailAnswer> {
    return this.kit.transaction(async (tx) => {
      const link = await this.links.consume(tx, token, ['VERIFY_EMAIL']);
      const user = await this.users.findById(tx, link.userId);
      if (!user || link.payload?.email !== user.email) throw linkNoLongerValid();
      await this.proofs.prove(tx, user, user.email, 'VERIFY_EMAIL', caller);
      return { message: MESSAGES.emailVerified, email: user.email };
    });
  }
}
