import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@portal/contracts';
import { type Caller, type CurrentUserClaims, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { accountGone, emailTaken, sameEmail } from '../../auth.errors';
import { UserRepository } from '../../accounts/user.repository';
import { AccountLinks } from '../../links/account-links';

/** PUT updateEmail {newEmail}: nothing changes until the link mailed to the new address is followed. */
@Injectable()
export class RequestEmailChange {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
    private readonly links: AccountLinks,
  ) {}

  async execute(claims: CurrentUserClaims, typed: string, caller: Caller): Promise<{ message: string }> {
    // Addresses are kept lower-case; the schema does this too, but the rule belongs to the use case.
    const newEmail = typed.trim().toLowerCase();
    const user = await this.users.findById(this.kit.db, claims.sub);
    if (!user) throw accountGone();
    if (newEmail === user.email) throw sameEmail();
    if (await this.users.existsByEmail(this.kit.db, newEmail)) throw emailTaken();
    await this.links.mail(
      user,
      'EMAIL_CHANGE',
      { caller, action: 'auth.email-change-requested' },
      { payload: { newEmail }, to: newEmail },
    );
    return { message: MESSAGES.emailChangeSent };
  }
}
