import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { UserRepository } from '../../accounts/user.repository';
import { AccountRateLimit } from '../../limits/account-rate-limit';
import { AccountLinks } from '../../links/account-links';
import { AfterAnswer } from '../../notices/after-answer';

/**
 * POST forgotPassword: mails a reset link. The answer is the same, and takes the same time, whether or
 * not the account exists: only the per-account limit is counted before it; the account is looked up
 * and mailed after the answer has gone out.
 */
@Injectable()
export class ForgotPassword {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
    private readonly links: AccountLinks,
    private readonly limit: AccountRateLimit,
    private readonly afterAnswer: AfterAnswer,
  ) {}

  async execute(username: string, caller: Caller): Promise<{ message: string }> {
    await this.limit.hit('forgot', username);
    this.afterAnswer.run('forgot-password reset link', async () => {
      const user = await this.users.findByEmail(this.kit.db, username);
      if (user) await this.links.mail(user, 'RESET_PASSWORD', { caller, action: 'auth.reset-link-sent' });
    });
    return { message: MESSAGES.resetEmailSent };
  }
}
