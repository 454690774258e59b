import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { UserRepository } from '../../accounts/user.repository';
import { AccountRateLimit } from '../../limits/account-rate-limit';
import { AccountLinks } from '../../links/account-links';

/** POST phoneLogin {countryCode, phone}: mails a 15-minute sign-in link to the account with that number; the answer never tells. */
@Injectable()
export class RequestPhoneLogin {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
    private readonly links: AccountLinks,
    private readonly limit: AccountRateLimit,
  ) {}

  async execute(input: { countryCode: string; phone: string }, caller: Caller): Promise<{ message: string }> {
    await this.limit.hit('phone', `${input.countryCode}${input.phone}`);
    const user = await this.users.findByPhone(this.kit.db, input.countryCode, input.phone);
    if (user) await this.links.mail(user, 'PHONE_LOGIN', { caller, action: 'auth.phone-login-link-sent' });
    return { message: MESSAGES.phoneLoginSent };
  }
}
