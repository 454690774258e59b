import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { AccountRateLimit } from '../../limits/account-rate-limit';
import { UserRepository } from '../user.repository';

/** POST getUserInformation {email}: the person id of an account, or 'Person entry not found'. */
@Injectable()
export class GetUserInformation {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
    private readonly limit: AccountRateLimit,
  ) {}

  async execute(email: string): Promise<string> {
    await this.limit.hit('lookup', email);
    return (await this.users.personIdOfEmail(this.kit.db, email)) ?? MESSAGES.personEntryNotFound;
  }
}
