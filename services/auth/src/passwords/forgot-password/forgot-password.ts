import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { UserRepository } from '../../accounts/user.repository';
import { AccountRateLimit } from '../../limits/account-rate-limit';
import { AccountLinks } from '../../links/account-links';

/** POST forgotPassword: mails a reset link; the answer is the same whether or not the account exists. */
@Injectable()
export class ForgotPassword {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
    private readonly links: AccountLinks,
    private readonly limit: AccountRateLimit,
  ) {}

  async execute(username: string, caller: Caller): Promise<{ message: string }> {
    await this.limit.hit('forgot', username);
    const user = await this.users.findByEmail(this.kit.db, username);
    if (user) await this.links.mail(user, 'RESET_PASSWORD', { caller, action: 'auth.reset-link-sent' });
    return { message: MESSAGES.resetEmailSent };
  }
}
